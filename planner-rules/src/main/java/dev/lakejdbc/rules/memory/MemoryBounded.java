package dev.lakejdbc.rules.memory;

import dev.lakejdbc.adapter.memory.OperatorInfo;

/** A plan node whose rows are held within the query's memory budget: how it is named, whether it spills. */
interface MemoryBounded {
  OperatorInfo operator();
}
