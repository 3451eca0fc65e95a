/**
 * The four rooms and their doors (docs/architecture.md, decision record 016),
 * checked by `npm run lint` and tests/unit/rooms.test.ts:
 * - domain (functions/domain): pure, browser-safe; imports only itself.
 * - site server (functions/server, app's *.server.ts): domain, the platform
 *   client's door, db/client and the site's tables.
 * - platform client (functions/platform): domain; the servicing core only
 *   through the embedded transport, only through the core's door.
 * - servicing core (functions/servicing, db/schema/servicing.ts, and
 *   db/line/tables.ts, its lines' objects' own): domain, db/client and its
 *   own tables.
 * - app/ (route modules, components): domain, the site server, the platform door.
 * A door is the one file others may import: functions/platform/index.ts
 * (#platform) and functions/servicing/index.ts (#servicing).
 */

/** Who may open the servicing core's door: its host in the platform client, the core served alone, the desk's one file, development tools. */
const CORE_DOOR_USERS = [
  "^functions/platform/embedded-transport\\.ts$",
  "^functions/server/platform-worker\\.ts$",
  "^functions/server/desk/core\\.ts$",
  "^functions/server/api/dev[^/]*\\.ts$",
  "^app/routes/dev/",
];

/**
 * Code that runs in the browser: components, browser helpers, content, and the
 * schema and data helpers beside routes that components share (never *.server.ts).
 */
const BROWSER_CODE = ["^app/(components|lib|content|styles)/", "^app/routes/.*(\\.schema|-data)\\.ts$"];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A circle of imports makes every file in it load (and break) with the others.",
      from: {},
      to: { circular: true },
    },
    {
      name: "domain-is-pure",
      severity: "error",
      comment:
        "The domain room (configuration, money, dates, rules, schemas, the call catalogue) has no I/O and is safe in the browser: it imports only itself.",
      from: { path: "^functions/domain/" },
      to: { path: "^(app|db|functions/(server|platform|servicing))/" },
    },
    {
      name: "domain-uses-no-io-packages",
      severity: "error",
      comment: "No database, HTTP framework, React or passkey server in the domain room.",
      from: { path: "^functions/domain/" },
      to: { path: "(^|node_modules/)(drizzle-orm|hono|@hono|react|react-dom|react-router|@simplewebauthn)(/|$)" },
    },
    {
      name: "functions-never-import-app",
      severity: "error",
      comment: "Route modules and components (app/) use functions/, never the other way round.",
      from: { path: "^functions/" },
      to: { path: "^app/" },
    },
    {
      name: "core-uses-domain-and-its-tables",
      severity: "error",
      comment:
        "The servicing core knows the domain, db/client and its own tables; not the site, the platform client, pages or the site's tables.",
      from: { path: "^functions/servicing/" },
      to: { path: "^(app/|functions/(server|platform)/|db/schema/(site|leads|index)\\.ts$)" },
    },
    {
      name: "platform-knows-core-only-as-a-transport",
      severity: "error",
      comment:
        "The platform client uses the domain; only its embedded transport opens the core's door; never the site or any table.",
      from: { path: "^functions/platform/", pathNot: "^functions/platform/embedded-transport\\.ts$" },
      to: { path: "^(app/|functions/(server|servicing)/|db/schema/|db/line/)" },
    },
    {
      name: "core-door-users",
      severity: "error",
      comment:
        "Only the embedded transport, the core served alone, the servicing desk's core.ts and the development tools open the servicing core's door.",
      from: { pathNot: ["^functions/servicing/", ...CORE_DOOR_USERS] },
      to: { path: "^functions/servicing/" },
    },
    {
      name: "core-one-door",
      severity: "error",
      comment: "Those allowed in come through functions/servicing/index.ts (#servicing), never a file behind it.",
      from: { path: CORE_DOOR_USERS },
      to: { path: "^functions/servicing/", pathNot: "^functions/servicing/index\\.ts$" },
    },
    {
      name: "platform-one-door",
      severity: "error",
      comment:
        "Outside functions/platform/, the client is reached through functions/platform/index.ts (#platform) only.",
      from: { pathNot: "^functions/platform/" },
      to: { path: "^functions/platform/", pathNot: "^functions/platform/index\\.ts$" },
    },
    {
      name: "site-server-uses-its-own-tables",
      severity: "error",
      comment: "The site server reads and writes the site's tables (site.ts, leads.ts), never the core's.",
      from: { path: ["^functions/server/", "^app/"] },
      to: { path: ["^db/schema/(servicing|index)\\.ts$", "^db/line/"] },
    },
    {
      name: "pages-reach-the-database-through-the-site-server",
      severity: "error",
      comment:
        "Route modules and components use the site server's helpers; only *.server.ts files and development pages touch db/.",
      from: { path: "^app/", pathNot: ["\\.server\\.ts$", "^app/routes/dev/"] },
      to: { path: "^db/" },
    },
    {
      name: "schemas-import-no-code",
      severity: "error",
      comment:
        "Table definitions import no code of the rooms (the circle of db/schema/site.ts through functions/sessions is gone).",
      from: { path: ["^db/schema/", "^db/line/"] },
      to: { path: "^(app|functions)/" },
    },
    {
      name: "browser-code-imports-browser-code",
      severity: "error",
      comment:
        "Components and browser helpers run in the browser: their code imports (types aside) are the domain, other browser code and packages, so nothing of the site server, the platform, the servicing core or db/ can reach a client chunk through them (tests/deploy/builds.test.ts also reads the built chunks).",
      from: { path: BROWSER_CODE, pathNot: "\\.server\\.ts$" },
      to: { dependencyTypesNot: ["type-only"], pathNot: ["^functions/domain/", "node_modules/", ...BROWSER_CODE] },
    },
    {
      name: "browser-code-never-imports-server-files",
      severity: "error",
      comment: "A *.server.ts file never reaches the browser: components may borrow its types, never its code.",
      from: { path: BROWSER_CODE },
      to: { dependencyTypesNot: ["type-only"], path: "\\.server\\.ts$" },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript compiler API: swc reads the sources (type-only imports included).
    parser: "swc",
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(build|\\.react-router|\\.wrangler)/" },
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js", ".d.ts"],
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
