/**
 * `cloudflare:workers` for the tests that run in Node (unit, contract): they
 * load modules that declare a Durable Object (the servicing core's door
 * re-exports its PasscodeVault for the Worker that hosts it) without ever
 * running one, so the base class is all they need. The worker project runs
 * the real ones inside workerd.
 */
export class DurableObject<Env = unknown> {
  constructor(
    readonly ctx: DurableObjectState,
    readonly env: Env,
  ) {}
}
