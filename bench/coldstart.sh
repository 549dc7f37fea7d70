#!/bin/sh
# The first connection + query of a new JVM, lake-jdbc and DuckDB alternating, one new JVM per
# sample, after one discarded run of each (page cache warm). Prints each run, then the medians and
# lake-jdbc / DuckDB. Build first: mvn -B -o -pl driver,bench -am package -DskipTests
#
#   bench/coldstart.sh <lake> [runs, default 7] [extra JVM options for lake-jdbc, e.g. -XX:AOTCache=lake.aot]
#
# LAKE_JAVA (default: java) picks lake-jdbc's JDK (DuckDB runs on java); LAKE_JAR the driver's jar;
# DUCKDB_JAR the DuckDB JDBC jar (default: the one in ~/.m2). ColdStart runs from a jar of its own,
# bench/target/coldstart.jar (made here), since class-data sharing and the AOT cache take jars only.
# An archive for lake-jdbc is made with the same class path, e.g. (JDK 25):
#   java -XX:AOTCacheOutput=/tmp/lake.aot -cp driver/target/lake-jdbc.jar:bench/target/coldstart.jar \
#     dev.lakejdbc.bench.ColdStart <lake>
#   LAKE_JAVA=<jdk25>/bin/java bench/coldstart.sh <lake> 7 -XX:AOTCache=/tmp/lake.aot
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
lake=$1
runs=${2:-7}
opts=${3:-}
java=${LAKE_JAVA:-java}
jar=${LAKE_JAR:-$here/driver/target/lake-jdbc.jar}
classes=$here/bench/target/coldstart.jar
class=$here/bench/target/classes/dev/lakejdbc/bench/ColdStart.class
# Made only when the class is newer: an archive made with this class path refuses a changed jar.
if [ ! -f "$classes" ] || [ "$class" -nt "$classes" ]; then
  jar cf "$classes" -C "$here/bench/target/classes" dev/lakejdbc/bench/ColdStart.class
fi
duck=${DUCKDB_JAR:-$(ls "$HOME"/.m2/repository/org/duckdb/duckdb_jdbc/*/duckdb_jdbc-*.jar | tail -1)}
total() { sed -n 's/.*total \([0-9]*\) ms, process cpu \([0-9]*\) ms.*/\1 \2/p'; }
lakerun() { "$java" $opts -cp "$jar:$classes" dev.lakejdbc.bench.ColdStart "$lake" | total; }
duckrun() { java -cp "$duck:$classes" dev.lakejdbc.bench.ColdStart --duckdb "$lake" | total; }
lakerun >/dev/null; duckrun >/dev/null
l=""; d=""; lc=""; dc=""
i=0
while [ "$i" -lt "$runs" ]; do
  if [ $((i % 2)) -eq 0 ]; then a=$(lakerun); b=$(duckrun); else b=$(duckrun); a=$(lakerun); fi
  echo "run $((i + 1)): lake-jdbc ${a% *} ms (cpu ${a#* } ms), DuckDB ${b% *} ms (cpu ${b#* } ms) (load $(cut -d' ' -f1 /proc/loadavg))"
  l="$l ${a% *}"; d="$d ${b% *}"; lc="$lc ${a#* }"; dc="$dc ${b#* }"; i=$((i + 1))
done
median() { echo "$@" | tr ' ' '\n' | grep . | sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : int((v[NR/2]+v[NR/2+1])/2)}'; }
ml=$(median $l); md=$(median $d); mlc=$(median $lc); mdc=$(median $dc)
echo "median of $runs: lake-jdbc $ml ms, DuckDB $md ms, ratio $(awk "BEGIN {printf \"%.2f\", $ml/$md}")x;" \
  "process cpu: lake-jdbc $mlc ms, DuckDB $mdc ms, ratio $(awk "BEGIN {printf \"%.2f\", $mlc/$mdc}")x"
