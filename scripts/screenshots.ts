/**
 * `npm run screenshots`: every page at 360 and 1280 px, as a guest, a new
 * applicant (each step), and a fresh copy of each demo standing, written to
 * screenshots/<who>/<page>-<width>.png (full page) for a person to look at
 * (issue 16). Needs the site running (`npm start`); BASE_URL picks another.
 * Uses Debian's chromium when present, as the tests do.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "@playwright/test";
import {
  applicant,
  fillAddress,
  fillBanking,
  fillIncome,
  fillPayFrequency,
  fillPersonal,
} from "../tests/e2e/fixtures/applicant";
import { demo } from "../tests/e2e/fixtures/portal";

const base = process.env.BASE_URL ?? "http://localhost:8787";
const out = "screenshots";
const WIDTHS = [360, 1280];
const PUBLIC = [
  "/",
  "/faq",
  "/how-it-works",
  "/about-us",
  "/contact",
  "/login",
  "/create-password",
  "/forgot-password",
  "/reset-password",
  "/verify-identity",
  "/privacy-policy",
  "/termsandconditions",
  "/caprivacy-policy",
  "/caprivacy-policy-info",
  "/no-such-page",
  "/dev/styleguide",
];
const PORTAL = ["/account", "/transactions", "/documents", "/draw", "/payments", "/preferences", "/contact"];

const chromiumPath = existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] });
let shots = 0;

/** A visitor of its own (per-IP limits are per visitor). */
async function visitor(): Promise<BrowserContext> {
  const ip = `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  return browser.newContext({ baseURL: base, extraHTTPHeaders: { "CF-Connecting-IP": ip } });
}

async function shoot(page: Page, who: string, name: string) {
  mkdirSync(join(out, who), { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(out, who, `${name}-${width}.png`), fullPage: true });
    shots += 1;
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const nameOf = (path: string) => path.replace(/^\//, "").replace(/[^a-z0-9-]+/gi, "_") || "home";

async function visit(page: Page, who: string, paths: string[]) {
  for (const path of paths) {
    await page.goto(path, { waitUntil: "load" });
    await shoot(page, who, nameOf(path));
  }
}

async function guest() {
  const context = await visitor();
  await visit(await context.newPage(), "guest", PUBLIC);
  await context.close();
}

async function newApplicant() {
  const context = await visitor();
  const page = await context.newPage();
  const a = applicant();
  await page.goto("/apply/personal?start=1", { waitUntil: "load" });
  const steps: Array<[string, () => Promise<void>]> = [
    ["1-personal", () => fillPersonal(page, a)],
    ["2-address", () => fillAddress(page, a)],
    ["3-income", () => fillIncome(page, a)],
    ["4-payfrequency", () => fillPayFrequency(page)],
    ["5-banking", () => fillBanking(page)],
  ];
  for (const [name, fill] of steps) {
    await page.waitForLoadState("load");
    await shoot(page, "applicant", name);
    await fill();
  }
  await page.waitForURL(/\/apply\/(approved|review)$/);
  await shoot(page, "applicant", "6-decision");
  await visit(page, "applicant", ["/esign/consent"]);
  await context.close();
}

async function borrower(standing: keyof typeof demo) {
  const context = await visitor();
  const res = await context.request.post("/api/dev/borrower", { data: { like: demo[standing] } });
  if (res.status() !== 201)
    throw new Error(`could not copy ${demo[standing]}: ${res.status()} (is the site running in development?)`);
  const b = (await res.json()) as { email: string; password: string };
  const page = await context.newPage();
  await page.goto("/login", { waitUntil: "load" });
  await page.getByLabel("Email Address").fill(b.email);
  await page.getByRole("button", { name: "CONTINUE" }).click();
  await page.getByLabel("Password").fill(b.password);
  await page.getByRole("button", { name: "LOG IN", exact: true }).click();
  await page.waitForURL(/\/(account|accountclosed|accountcredit|apply\/approved)$/, { timeout: 20_000 });
  const landed = new URL(page.url()).pathname;
  await visit(page, standing, landed === "/account" ? PORTAL : [landed]);
  await context.close();
}

try {
  await guest();
  await newApplicant();
  for (const standing of Object.keys(demo) as Array<keyof typeof demo>) await borrower(standing);
  console.log(`${shots} screenshots in ${out}/ (guest, applicant, and each demo standing; 360 and 1280 px, full page)`);
} finally {
  await browser.close();
}
