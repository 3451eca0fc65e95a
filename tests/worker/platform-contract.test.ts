import { env } from "cloudflare:test";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { EMBEDDED_MERCHANT_ID } from "../../functions/platform/index";
import { platformContract } from "../contract/suite";

platformContract("embedded, in-process", () => embeddedTransport(env), EMBEDDED_MERCHANT_ID);
