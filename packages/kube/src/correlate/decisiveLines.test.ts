import { describe, expect, it } from "vitest";
import { decisiveLines, lineWeight } from "./decisiveLines";

const split = (log: string): string[] => log.split("\n").filter((l) => l.trim() !== "");

describe("decisiveLines: the line that says what failed, on real log shapes", () => {
  it("Python / SQLAlchemy / alembic: the exception's message, not 'Background on this error'", () => {
    const log = `INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.
INFO  [alembic.runtime.migration] Will assume transactional DDL.
Traceback (most recent call last):
  File "/app/.venv/lib/python3.12/site-packages/sqlalchemy/engine/base.py", line 1967, in _exec_single_context
    self.dialect.do_execute(
psycopg2.errors.UndefinedTable: relation "orders" does not exist
LINE 1: SELECT orders.id FROM orders
                              ^

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/app/app/main.py", line 12, in <module>
    run()
sqlalchemy.exc.ProgrammingError: (psycopg2.errors.UndefinedTable) relation "orders" does not exist
[SQL: SELECT orders.id FROM orders]
(Background on this error at: https://sqlalche.me/e/20/f405)`;
    const d = decisiveLines(split(log));
    expect(d.cause).toBe(
      'sqlalchemy.exc.ProgrammingError: (psycopg2.errors.UndefinedTable) relation "orders" does not exist',
    );
    expect(d.lines.join("\n")).not.toMatch(/Background on this error/);
    expect(d.lines.length).toBeLessThanOrEqual(4);
  });

  it("Java / Spring: the deepest Caused by, not the stack frames after it", () => {
    const log = `2026-11-27 10:01:02.345  INFO 1 --- [main] o.s.b.StartupInfoLogger : Starting OrdersApplication v3.1.0
2026-11-27 10:01:05.120 ERROR 1 --- [main] o.s.boot.SpringApplication : Application run failed
org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'dataSource'
	at org.springframework.beans.factory.support.AbstractAutowireCapableBeanFactory.createBean(AbstractAutowireCapableBeanFactory.java:524)
	at org.springframework.boot.SpringApplication.run(SpringApplication.java:1306)
Caused by: org.postgresql.util.PSQLException: Connection to db.orders.svc:5433 refused. Check that the hostname and port are correct and that the postmaster is accepting TCP/IP connections.
	at org.postgresql.core.v3.ConnectionFactoryImpl.openConnectionImpl(ConnectionFactoryImpl.java:342)
Caused by: java.net.ConnectException: Connection refused
	at java.base/sun.nio.ch.Net.pollConnect(Native Method)
	... 45 common frames omitted`;
    const d = decisiveLines(split(log));
    expect(d.cause).toBe("Caused by: java.net.ConnectException: Connection refused");
    expect(d.lines.some((l) => l.includes("db.orders.svc:5433 refused"))).toBe(true);
    expect(d.lines.some((l) => /^\s+at |common frames omitted/.test(l))).toBe(false);
  });

  it("Go: the fatal line, not 'exit status 1' or the goroutine dump", () => {
    const log = `2026/11/27 10:00:00 starting api v1.4.2
2026/11/27 10:00:00 connecting to redis at cache:6379
2026/11/27 10:00:05 FATAL: redis: dial tcp: lookup cache on 10.96.0.10:53: no such host
exit status 1`;
    expect(decisiveLines(split(log)).cause).toBe(
      "2026/11/27 10:00:05 FATAL: redis: dial tcp: lookup cache on 10.96.0.10:53: no such host",
    );
    const panic = `panic: runtime error: invalid memory address or nil pointer dereference
[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x4b1c2a]

goroutine 1 [running]:
main.loadConfig(...)
	/src/main.go:42 +0x2a
main.main()
	/src/main.go:17 +0x25`;
    expect(decisiveLines(split(panic)).cause).toBe(
      "panic: runtime error: invalid memory address or nil pointer dereference",
    );
  });

  it("Node: the Error line, not npm's footer", () => {
    const log = `> payments@2.3.1 start
> node dist/server.js

Error: connect ECONNREFUSED 10.96.14.2:5432
    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)
npm ERR! code 1
npm ERR! path /app
npm ERR! command failed
npm ERR! A complete log of this run can be found in: /root/.npm/_logs/2026-11-27T10_00_00_000Z-debug-0.log`;
    expect(decisiveLines(split(log)).cause).toBe("Error: connect ECONNREFUSED 10.96.14.2:5432");
  });

  it("nginx: the [emerg] line with what it could not do", () => {
    const log = `/docker-entrypoint.sh: Configuration complete; ready for start up
2026/11/27 10:00:00 [emerg] 1#1: host not found in upstream "api-svc:8080" in /etc/nginx/conf.d/default.conf:12
nginx: [emerg] host not found in upstream "api-svc:8080" in /etc/nginx/conf.d/default.conf:12`;
    expect(decisiveLines(split(log)).cause).toMatch(/host not found in upstream "api-svc:8080"/);
  });

  it("PostgreSQL: FATAL/ERROR lines, with the statement as context", () => {
    const log = `2026-11-27 10:00:00.000 UTC [1] LOG:  database system is ready to accept connections
2026-11-27 10:00:03.112 UTC [42] FATAL:  password authentication failed for user "orders"
2026-11-27 10:00:03.112 UTC [42] DETAIL:  Connection matched pg_hba.conf line 99: "host all all all scram-sha-256"
2026-11-27 10:00:09.000 UTC [1] LOG:  checkpoint starting: time`;
    const d = decisiveLines(split(log));
    expect(d.cause).toMatch(/password authentication failed for user "orders"/);
    expect(d.lines.at(-1)).not.toMatch(/checkpoint starting/);
  });

  it("JSON logs: the error-level record, not the shutdown record after it", () => {
    const log = `{"level":"info","ts":"2026-11-27T10:00:00Z","msg":"starting worker"}
{"level":"error","ts":"2026-11-27T10:00:01Z","msg":"cannot open queue","error":"AMQP 403 ACCESS_REFUSED - Login was refused"}
{"level":"info","ts":"2026-11-27T10:00:01Z","msg":"shutting down"}`;
    expect(decisiveLines(split(log)).cause).toMatch(/cannot open queue/);
  });

  it("the last lines only when no line says anything failed", () => {
    const d = decisiveLines(["starting", "loading cache 10%", "loading cache 44%"]);
    expect(d.cause).toBe("loading cache 44%");
    expect(d.lines).toEqual(["starting", "loading cache 10%", "loading cache 44%"]);
    expect(decisiveLines([])).toEqual({ lines: [], cause: undefined });
  });

  it("noise weighs nothing: footers, frames, '0 errors'", () => {
    for (const line of [
      "(Background on this error at: https://sqlalche.me/e/20/e3q8)",
      "exit status 1",
      "error: exit status 2",
      "\tat com.acme.Main.main(Main.java:10)",
      '  File "/app/main.py", line 3, in <module>',
      "Traceback (most recent call last):",
      "npm ERR! errno 1",
      "migrations done, 0 errors",
    ])
      expect(lineWeight(line), line).toBe(0);
  });
});
