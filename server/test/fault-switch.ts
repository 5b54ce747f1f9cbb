// A test-only fault switch: tests make chosen requests fail (or wait) on the real server, so every
// failure path of the client can be reached without mocking the API. buildTestApp installs it; the
// production app never does.
import type { FastifyInstance } from "fastify";

export type FaultRule = {
  /** HTTP method, upper case. */
  method: string;
  /** Tested against the request URL (path and query). */
  path: RegExp;
  /** Answer with this status and `{message, code: "injected_fault"}`; without it the request only waits. */
  status?: number;
  message?: string;
  /** Wait this long first (to see a pending state such as 'Renaming...'). */
  delayMs?: number;
  /** How many matching requests the rule applies to; unlimited when absent. */
  times?: number;
};

export class FaultSwitch {
  private rules: FaultRule[] = [];

  /** Adds a rule; the newest matching rule wins. */
  add(rule: FaultRule): void {
    this.rules.unshift({ ...rule, method: rule.method.toUpperCase() });
  }

  clear(): void {
    this.rules = [];
  }

  install(app: FastifyInstance): void {
    app.addHook("onRequest", async (request, reply) => {
      const rule = this.rules.find(
        (candidate) => candidate.method === request.method && candidate.path.test(request.url),
      );
      if (!rule) return;
      if (rule.times !== undefined) {
        rule.times -= 1;
        if (rule.times <= 0) this.rules = this.rules.filter((candidate) => candidate !== rule);
      }
      if (rule.delayMs) await new Promise((resolve) => setTimeout(resolve, rule.delayMs));
      if (rule.status === undefined) return;
      return reply
        .code(rule.status)
        .send({ message: rule.message ?? "Injected fault", code: "injected_fault" });
    });
  }
}
