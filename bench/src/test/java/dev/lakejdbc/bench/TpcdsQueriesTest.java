package dev.lakejdbc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.bench.TpcdsQueries.Part;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The query texts: 103 parts, every tag substituted, the rewrites general and literal-safe. */
class TpcdsQueriesTest {
  private static final Map<String, Part> PARTS = TpcdsQueries.all().stream()
      .collect(Collectors.toMap(Part::name, Function.identity()));

  @Test void hundredAndThreeParts() {
    assertEquals(103, PARTS.size());
    for (String two : List.of("q14", "q23", "q24", "q39")) {
      assertTrue(PARTS.containsKey(two + "a") && PARTS.containsKey(two + "b"), two);
      assertFalse(PARTS.containsKey(two), two);
    }
    assertTrue(PARTS.containsKey("q1") && PARTS.containsKey("q99"));
  }

  @Test void everyTagHasItsQualificationValue() {
    for (Part p : PARTS.values()) {
      assertFalse(p.sql().matches("(?s).*\\[\\s*[A-Za-z_][A-Za-z_0-9.]*\\s*\\].*"), p.name() + ": " + p.sql());
      assertFalse(TpcdsQueries.outsideLiterals(p.sql(), t -> t.matches("(?is).*\\d\\s+days\\b.*") ? "BAD" : t)
          .equals("BAD"), p.name() + " still has `n days` outside literals");
      assertFalse(p.sql().matches("(?is).*\\bsubstr\\s*\\(.*"), p.name());
    }
    assertTrue(PARTS.get("q1").sql().contains("d_year =2000"), PARTS.get("q1").sql());
    assertTrue(PARTS.get("q1").sql().contains("s_state = 'TN'"));
    assertTrue(PARTS.get("q8").sql().contains("'24128'") && PARTS.get("q8").sql().contains("'35576'"));
    assertTrue(PARTS.get("q85").sql().contains("'NJ'"), "[STATE.3 ] with a blank is a tag too");
  }

  @Test void limitsAreAnsi() {
    assertEquals(100, PARTS.get("q1").limit());
    assertFalse(PARTS.get("q1").withoutLimit().toUpperCase().contains("LIMIT"));
    assertEquals(-1, PARTS.get("q39a").limit());
  }

  @Test void correctionsApply() {
    String q48 = PARTS.get("q48").sql();
    assertTrue(q48.contains("'M'") && q48.contains("'D'") && q48.contains("'S'"), q48);
    assertTrue(PARTS.get("q30").sql().contains("c_last_review_date_sk"));
  }

  @Test void rewritesLeaveLiteralsAlone() {
    String q62 = PARTS.get("q62").sql();
    assertTrue(q62.contains("as c_30_days") && q62.contains("as c_120_days") && !q62.contains("\""), q62);
    assertTrue(PARTS.get("q16").sql().contains("as order_count"));
    assertTrue(PARTS.get("q5").sql().contains("+ INTERVAL '14' DAY"));
    assertTrue(PARTS.get("q72").sql().contains("d1.d_date + INTERVAL '5' DAY"));
    assertEquals("select 'order by x' from t order by a NULLS FIRST, b desc NULLS LAST, c nulls last",
        TpcdsQueries.outsideLiterals("select 'order by x' from t order by a, b desc, c nulls last",
            TpcdsQueries::explicitNullOrdering));
    assertEquals("select rank() over (partition by a order by b desc NULLS LAST) r from t order by r "
            + "NULLS FIRST LIMIT 5",
        TpcdsQueries.explicitNullOrdering(
            "select rank() over (partition by a order by b desc) r from t order by r LIMIT 5"));
    assertEquals("select x from (select * from t order by f(a, b) NULLS FIRST) y",
        TpcdsQueries.explicitNullOrdering("select x from (select * from t order by f(a, b)) y"));
    assertEquals("from (select a from t) at_, u", TpcdsQueries.outsideLiterals("from (select a from t) at, u",
        TpcdsQueries.REWRITES.stream().filter(r -> r.name().equals("alias at")).findFirst().orElseThrow()
            .apply()));
  }
}
