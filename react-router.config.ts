import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Lazy route discovery (the default): a page ships only its own routes'
  // manifest, which keeps the home page's JavaScript small as routes grow.
  routeDiscovery: { mode: "lazy" },
  // The build tests build each environment into a temporary folder.
  buildDirectory: process.env.RIDGELINE_BUILD_DIR ?? "build",
} satisfies Config;
