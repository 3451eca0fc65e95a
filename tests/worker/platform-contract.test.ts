import { env } from "cloudflare:test";
import { EMBEDDED_MERCHANT_ID } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { accountContract } from "../contract/account-suite";
import { authContract } from "../contract/auth-suite";
import { platformContract } from "../contract/suite";

const transport = () => embeddedTransport(env);
platformContract("embedded, in-process", transport, EMBEDDED_MERCHANT_ID);
authContract("embedded, in-process", transport, EMBEDDED_MERCHANT_ID);
accountContract("embedded, in-process", transport, EMBEDDED_MERCHANT_ID);
