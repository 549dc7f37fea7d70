package dev.lakejdbc.rules.memory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.plan.RelOptLattice;
import org.apache.calcite.plan.RelOptMaterialization;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.tools.Program;

/**
 * Finds the sub-plans that the physical plan computes more than once — a WITH query read in several
 * places, which Calcite expands at each reference (TPC-DS q4 reads one six times), or the same join
 * under two branches — and makes each use a {@link SharedSubPlan}: computed once per execution. Two
 * sub-plans are the same when EXPLAIN prints them alike, up to the numbers of the dynamic filters they
 * make and use inside themselves. Only sub-plans with a join or an aggregation are shared, and not
 * those that read a correlation variable of an enclosing plan, call a non-deterministic function, or
 * make a dynamic filter that a scan outside them waits for.
 */
public final class SharedSubPlans implements Program {
  /** A dynamic filter's number, where a DynamicFilterSource makes it and where a scan uses it (not a Calc's expr#2). */
  private static final Pattern FILTER = Pattern.compile("(?<!\\w)#(\\d+)\\b");
  private static final Pattern MADE = Pattern.compile("DynamicFilterSource\\(id=\\[#(\\d+)\\]");

  @Override public RelNode run(RelOptPlanner planner, RelNode rel, RelTraitSet requiredOutputTraits,
      List<RelOptMaterialization> materializations, List<RelOptLattice> lattices) {
    // The execution's scope prints as its input: the plan proper is below it.
    RelNode plan = rel instanceof QueryMemoryScope scope ? scope.getInput() : rel;
    Map<String, Integer> filterUses = filterUses(RelOptUtil.toString(plan));
    Map<RelNode, String> keys = new IdentityHashMap<>();
    Map<String, Integer> counts = new HashMap<>();
    key(plan, filterUses, keys, counts);
    RelNode shared = share(plan, keys, counts, new LinkedHashMap<>(), 1);
    return shared == plan ? rel : rel.copy(rel.getTraitSet(), List.of(shared));
  }

  /** How many times the plan text names each dynamic filter. */
  private static Map<String, Integer> filterUses(String text) {
    Map<String, Integer> uses = new HashMap<>();
    Matcher m = FILTER.matcher(text);
    while (m.find()) {
      uses.merge(m.group(1), 1, Integer::sum);
    }
    return uses;
  }

  /** Records the key of every node at or under {@code node} that may be shared, and counts the keys. */
  private static void key(RelNode node, Map<String, Integer> filterUses, Map<RelNode, String> keys,
      Map<String, Integer> counts) {
    for (RelNode input : node.getInputs()) {
      key(input, filterUses, keys, counts);
    }
    if (!(node instanceof EnumerableRel) || !worthSharing(node) || !RelOptUtil.getVariablesUsed(node).isEmpty()
        || !deterministic(node)) {
      return;
    }
    String text = RelOptUtil.toString(node);
    Map<String, Integer> inside = filterUses(text);
    List<String> made = new ArrayList<>();
    Matcher m = MADE.matcher(text);
    while (m.find()) {
      made.add(m.group(1));
    }
    for (String id : made) {
      if (!inside.get(id).equals(filterUses.get(id))) {
        return; // a scan outside waits for this filter
      }
    }
    // The filters it makes, numbered by their order in it: two copies make the same filters.
    String key = FILTER.matcher(text).replaceAll(r -> made.contains(r.group(1))
        ? "#L" + made.indexOf(r.group(1)) : r.group());
    keys.put(node, key);
    counts.merge(key, 1, Integer::sum);
  }

  /** Sub-plans that do more than read and filter: recomputing them costs more than keeping them. */
  private static boolean worthSharing(RelNode node) {
    if (node instanceof Join || node instanceof Aggregate) {
      return true;
    }
    for (RelNode input : node.getInputs()) {
      if (worthSharing(input)) {
        return true;
      }
    }
    return false;
  }

  private static boolean deterministic(RelNode node) {
    boolean[] deterministic = {true};
    node.accept(new RexShuttle() {
      @Override public RexNode visitCall(RexCall call) {
        if (!call.getOperator().isDeterministic() || call.getOperator().isDynamicFunction()) {
          deterministic[0] = false;
        }
        return super.visitCall(call);
      }
    });
    for (RelNode input : node.getInputs()) {
      if (!deterministic(input)) {
        return false;
      }
    }
    return deterministic[0];
  }

  /**
   * The plan with the largest sub-plans used more than once made shared, top down; inside one, a
   * sub-plan that is also used elsewhere (more often than the one around it) is shared too.
   */
  private static RelNode share(RelNode node, Map<RelNode, String> keys, Map<String, Integer> counts,
      Map<String, Integer> ids, int enclosingUses) {
    String key = keys.get(node);
    int uses = key == null ? 0 : counts.get(key);
    boolean shared = uses > 1 && uses > enclosingUses;
    List<RelNode> inputs = new ArrayList<>();
    boolean changed = false;
    for (RelNode input : node.getInputs()) {
      RelNode in = share(input, keys, counts, ids, shared ? uses : enclosingUses);
      changed |= in != input;
      inputs.add(in);
    }
    RelNode copy = changed ? node.copy(node.getTraitSet(), inputs) : node;
    return shared ? new SharedSubPlan(copy, ids.computeIfAbsent(key, k -> ids.size() + 1), uses) : copy;
  }
}
