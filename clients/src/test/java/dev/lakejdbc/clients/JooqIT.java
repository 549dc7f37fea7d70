package dev.lakejdbc.clients;

import static org.jooq.impl.DSL.count;
import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.partitionBy;
import static org.jooq.impl.DSL.rowNumber;
import static org.jooq.impl.DSL.select;
import static org.jooq.impl.DSL.selectOne;
import static org.jooq.impl.DSL.sum;
import static org.jooq.impl.DSL.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.ResultQuery;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * jOOQ 3.19, unchanged, SQLDialect.DEFAULT, DSL-built queries on the shaded jar: LIMIT/OFFSET (bound as
 * Long), binds of every type, a CTE, a window function, EXISTS. Each query runs as jOOQ sends it (with
 * its bind values) on lake-jdbc, embedded and through {@code --serve}, and as jOOQ renders it with the
 * values inlined on DuckDB; the rows must be equal.
 */
class JooqIT {
  static final Table<Record> ORDERS = table(name("fact_orders"));
  static final Field<Long> ORDER_ID = field(name("order_id"), SQLDataType.BIGINT);
  static final Field<LocalDate> DT = field(name("dt"), SQLDataType.LOCALDATE);
  static final Field<BigDecimal> AMOUNT = field(name("amount"), SQLDataType.DECIMAL(12, 2));
  static final Field<Integer> QTY = field(name("qty"), SQLDataType.INTEGER);
  static final Field<Integer> CUSTOMER = field(name("customer_id"), SQLDataType.INTEGER);
  static final Field<Double> PRICE = field(name("price"), SQLDataType.DOUBLE);
  static final Table<Record> TXNS = table(name("transactions"));
  static final Field<String> BRANCH = field(name("branch_id"), SQLDataType.VARCHAR);
  static final Field<LocalDateTime> TXN_TS = field(name("txn_ts"), SQLDataType.LOCALDATETIME);
  static final Field<String> CHANNEL = field(name("channel"), SQLDataType.VARCHAR);
  static final Table<Record> DATES = table(name("dim_date"));
  static final Field<LocalDate> DATE_ID = field(name("date_id"), SQLDataType.LOCALDATE);
  static final Field<String> DATE_TYPE = field(name("date_type"), SQLDataType.VARCHAR);

  @TempDir static Path work;
  static DuckDb duck;
  static LakeServer server;
  static Connection embedded;
  static Connection remote;
  static Connection lakeRemote;

  @BeforeAll static void open() throws Exception {
    duck = Lake.duck("fact_orders", "dim_date", "transactions");
    embedded = DriverManager.getConnection(Lake.url());
    server = new LakeServer(work);
    remote = DriverManager.getConnection(server.url);
    lakeRemote = DriverManager.getConnection(server.lakeUrl());
  }

  @AfterAll static void close() throws Exception {
    for (AutoCloseable c : new AutoCloseable[] {embedded, remote, lakeRemote, server, duck}) {
      if (c != null) {
        c.close();
      }
    }
  }

  /** The queries, built on {@code ctx}. */
  static List<ResultQuery<? extends Record>> queries(DSLContext ctx, boolean javaTime) {
    List<ResultQuery<? extends Record>> queries = new ArrayList<>();
    LocalDate march = LocalDate.of(2026, 3, 1);
    queries.add(ctx.select(ORDER_ID, DT, AMOUNT).from(ORDERS)
        .where(javaTime ? DT.ge(march) : DT.ge(DSL.inline(march)))
        .and(QTY.gt(2)).orderBy(ORDER_ID).limit(5).offset(10));
    queries.add(ctx.select(count(), sum(AMOUNT)).from(ORDERS)
        .where(CUSTOMER.lt(300)).and(AMOUNT.gt(new BigDecimal("250.5"))).and(PRICE.lt(80.0))
        .and(ORDER_ID.in(List.of(1L, 5L, 17L, 40L, 1000L, 1001L, 5000L)).or(QTY.between(3, 4))));
    queries.add(ctx.select(BRANCH, count()).from(TXNS)
        .where(BRANCH.in("MUM001", "PUN002", "GOA003")).and(CHANNEL.eq("ATM"))
        .and(javaTime ? TXN_TS.ge(LocalDateTime.of(2026, 6, 1, 12, 0))
            : TXN_TS.ge(DSL.inline(LocalDateTime.of(2026, 6, 1, 12, 0))))
        .groupBy(BRANCH).orderBy(BRANCH));
    // A CTE of the holidays, and the orders on them.
    Field<LocalDate> holiday = field(name("holidays", "date_id"), SQLDataType.LOCALDATE);
    queries.add(ctx.with("holidays").as(select(DATE_ID).from(DATES).where(DATE_TYPE.eq("holiday")))
        .select(count(), sum(AMOUNT)).from(ORDERS)
        .where(DT.in(select(holiday).from(table(name("holidays"))))));
    // The three largest orders of each of the first three days.
    Field<Integer> rn = rowNumber().over(partitionBy(DT).orderBy(AMOUNT.desc(), ORDER_ID)).as("rn");
    Table<?> ranked = ctx.select(DT, ORDER_ID, AMOUNT, rn).from(ORDERS)
        .where(DT.between(DSL.inline(LocalDate.of(2026, 1, 1)), DSL.inline(LocalDate.of(2026, 1, 3))))
        .asTable("ranked");
    queries.add(ctx.select(ranked.field(DT), ranked.field(ORDER_ID), ranked.field(AMOUNT))
        .from(ranked).where(ranked.field("rn", Integer.class).le(3))
        .orderBy(ranked.field(DT), ranked.field("rn")));
    // Days that had an order of more than 900 with more than 4 items.
    Field<LocalDate> dDate = field(name("d", "date_id"), SQLDataType.LOCALDATE);
    queries.add(ctx.select(dDate).from(DATES.as("d"))
        .whereExists(selectOne().from(ORDERS.as("f"))
            .where(field(name("f", "dt"), SQLDataType.LOCALDATE).eq(dDate))
            .and(field(name("f", "qty"), SQLDataType.INTEGER).gt(4))
            .and(field(name("f", "amount"), SQLDataType.DECIMAL(12, 2)).gt(new BigDecimal("900"))))
        .orderBy(dDate).limit(5));
    return queries;
  }

  private static List<List<String>> rows(List<? extends Record> records) {
    return records.stream().map(r -> {
      List<String> row = new ArrayList<>();
      for (int i = 0; i < r.size(); i++) {
        row.add(Rows.normalize(r.get(i)));
      }
      return row;
    }).toList();
  }

  private static void assertSameAnswers(Connection connection, boolean javaTime) throws Exception {
    DSLContext ctx = DSL.using(connection, SQLDialect.DEFAULT);
    for (ResultQuery<? extends Record> q : queries(ctx, javaTime)) {
      String inlined = ctx.renderInlined(q);
      List<List<String>> expected = duck.query(inlined);
      assertFalse(expected.isEmpty(), inlined);
      assertEquals(expected, rows(q.fetch()), () -> ctx.render(q) + "\n inlined: " + inlined);
    }
  }

  @Test void embedded() throws Exception {
    assertSameAnswers(embedded, true);
  }

  /** Avatica's client cannot send java.time values: those are inlined with it. */
  @Test void throughTheServer() throws Exception {
    assertSameAnswers(remote, false);
  }

  /** lake-jdbc's remote client (jdbc:lake:remote:) sends them. */
  @Test void throughTheServerWithLakeJdbcsClient() throws Exception {
    assertSameAnswers(lakeRemote, true);
  }
}
