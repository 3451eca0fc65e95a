import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { buildIncludesDevTools } from "./build-environment.ts";

const devToolsModule = fileURLToPath(new URL("./functions/server/api/dev-tools.ts", import.meta.url));
const devToolsStandIn = fileURLToPath(new URL("./functions/server/api/dev-tools.deployed.ts", import.meta.url));

/**
 * Preview and production builds (CLOUDFLARE_ENV set) resolve the development
 * tools API to a stand-in that has none, so its code never reaches their
 * bundles (decision record 011; app/routes.ts leaves out the dev pages).
 */
function withoutDevTools(): Plugin {
  return {
    name: "ridgeline:without-dev-tools",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer || !source.includes("dev-tools")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === devToolsModule ? devToolsStandIn : null;
    },
  };
}

export default defineConfig({
  plugins: [
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    reactRouter(),
    ...(buildIncludesDevTools() ? [] : [withoutDevTools()]),
  ],
  // The Worker is minified like the pages: less to parse on a cold start (issue 17). Source maps keep stack traces readable.
  environments: {
    // `npm run profile` builds it unminified (WORKER_UNMINIFIED), so a CPU profile names the functions.
    ssr: { build: { minify: !process.env.WORKER_UNMINIFIED } },
    // Route modules import the platform's door for their loaders; the client build reads that graph only to shake it
    // off, and the servicing core's Durable Object imports workerd's module. Never in a chunk: tests/deploy/builds.test.ts.
    client: { build: { rollupOptions: { external: ["cloudflare:workers"] } } },
  },
});
