import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The route manifest is small; sending it with the page avoids a
  // discovery round-trip (and an extra endpoint) on every navigation.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
