import { EMBEDDED_MERCHANT_ID } from "#domain/catalogue/merchant";
import { upstreamTransport } from "../../functions/platform/upstream-transport";
import { accountContract } from "./account-suite";
import { authContract } from "./auth-suite";
import { CONTRACT_PORT } from "./port";
import { platformContract } from "./suite";

// Real HTTP from this Node process to the embedded platform served by workerd on a local port.
const transport = () => upstreamTransport({ baseUrl: `http://127.0.0.1:${CONTRACT_PORT}/` });
platformContract("upstream, HTTP on a local port", transport, EMBEDDED_MERCHANT_ID);
authContract("upstream, HTTP on a local port", transport, EMBEDDED_MERCHANT_ID);
accountContract("upstream, HTTP on a local port", transport, EMBEDDED_MERCHANT_ID);
