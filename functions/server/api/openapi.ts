import { type ConversionConfig, type JsonSchema, toJsonSchema } from "@valibot/to-json-schema";
import { Hono } from "hono";
import type * as v from "valibot";
import { requiredFieldRule } from "#domain/application/fields";
import { easternDateTime } from "#domain/calendar";
import { brand, partnerLeads } from "#domain/config";
import {
  LeadAnswerSchema,
  LeadPostbackSchema,
  LeadRefusalSchema,
  LeadStatusSchema,
  leadSchema,
} from "#domain/leads/schema";
import { siteUrl } from "../http/site-origin";
import { SignatureHeadersSchema } from "./lead-auth";
import { answerExamples, leadExample, postbackExample, refusalExamples, statusExample } from "./openapi-examples";
import { withFieldDocs } from "./openapi-fields";
import type { ApiEnv } from "./types";

/**
 * The wizard's fields are optional on the wire (a missing form key gets the
 * field's own message) but required in substance: they are listed as
 * required and described by their rule, not by the "" default. Rules valibot
 * cannot express in JSON Schema (checks, transforms) are left out;
 * docs/partners.md states them.
 */
const config: ConversionConfig = {
  target: "draft-2020-12",
  typeMode: "input",
  errorMode: "ignore",
  overrideSchema({ valibotSchema, jsonSchema }) {
    if (valibotSchema.type !== "object" || !("entries" in valibotSchema)) return undefined;
    const entries = valibotSchema.entries as Record<string, v.GenericSchema>;
    const properties = { ...(jsonSchema.properties as Record<string, JsonSchema>) };
    const required = new Set((jsonSchema.required as string[] | undefined) ?? []);
    for (const [key, entry] of Object.entries(entries)) {
      const rule = requiredFieldRule(entry);
      if (!rule) continue;
      required.add(key);
      properties[key] = schemaOf(rule);
    }
    // An empty default is the form's missing checkbox or field, not advice for partners.
    for (const property of Object.values(properties)) if (property.default === "") delete property.default;
    return { ...jsonSchema, properties, required: [...required] };
  },
};

function schemaOf(schema: v.GenericSchema): JsonSchema {
  const { $schema: _draft, ...rest } = toJsonSchema(schema, config);
  return rest;
}

/** A signature header, described by the schema the endpoint validates it with. */
const header = (name: string, description: string) => ({
  name,
  in: "header",
  required: true,
  schema: schemaOf(SignatureHeadersSchema.entries[name.toLowerCase() as keyof typeof SignatureHeadersSchema.entries]),
  description,
});

const signatureHeaders = [
  header("X-Partner-Id", "Your partner id."),
  header(
    "X-Timestamp",
    `Unix time in seconds; refused when more than ${partnerLeads.signatureToleranceSeconds / 60} minutes from ours.`,
  ),
  header(
    "X-Signature",
    'Lowercase hex HMAC-SHA-256 of "<X-Timestamp>.<raw body>" with your signing secret. Accepted once.',
  ),
];

const errorBody = (description: string, example?: { summary: string; value: object }) => ({
  description,
  content: {
    "application/json": {
      schema: { $ref: "#/components/schemas/LeadRefusal" },
      ...(example ? { examples: { refusal: example } } : {}),
    },
  },
});
/** Headers of a decided answer (docs/partners.md). */
const answerHeaders = {
  "X-Lead-Replayed": {
    description: "true when this answer repeats the lead id's recorded decision (no second decision was made).",
    schema: { type: "string", enum: ["true"] },
  },
  "X-Partner-Mode": {
    description:
      "test on every answer to a sandbox (test) partner, whose leads are decided by documented last names, never by underwriting; absent for a live partner.",
    schema: { type: "string", enum: ["test"] },
  },
  "RateLimit-Remaining": {
    description: "Signed leads left in your budget's current window.",
    schema: { type: "integer", minimum: 0 },
  },
};

const retryAfter = { "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait before retrying." } };

/**
 * The signature as security schemes (all three headers, together): the
 * signature itself is the HMAC described on X-Signature.
 */
const securitySchemes = {
  partnerId: { type: "apiKey", in: "header", name: "X-Partner-Id", description: "Your partner id." },
  partnerTimestamp: { type: "apiKey", in: "header", name: "X-Timestamp", description: "Unix time in seconds." },
  partnerSignature: {
    type: "apiKey",
    in: "header",
    name: "X-Signature",
    description:
      'Lowercase hex HMAC-SHA-256, with your signing secret, of "<X-Timestamp>.<raw body>" (a GET: "<X-Timestamp>.<path>"). Each signed request is accepted once.',
  },
};

/** What we post to a partner's postback URL (decision record 029): signed by us, so none of the partner's schemes apply. */
const postbackWebhook = {
  post: {
    operationId: "leadMilestonePostback",
    summary: "A milestone of one of your leads, posted to your postback URL",
    description:
      'Sent within 15 minutes of the milestone, once per milestone, a lead\'s in the order they happened. X-Signature is the HMAC-SHA256 of "<X-Timestamp>.<raw body>" under your signing secret (X-Signature-Next under the next one during a rotation). Answer any 2xx once it is stored; anything else, or no answer in 10 seconds, is tried again after 15 minutes, 1, 4, 12, 24 and 48 hours. Drop a repeat by X-Postback-Id.',
    security: [],
    parameters: [
      { name: "X-Postback-Id", in: "header", required: true, schema: { type: "string", format: "uuid" } },
      { name: "X-Timestamp", in: "header", required: true, schema: { type: "string", pattern: "^\\d{1,12}$" } },
      { name: "X-Signature", in: "header", required: true, schema: { type: "string", pattern: "^[0-9a-f]{64}$" } },
      {
        name: "X-Signature-Next",
        in: "header",
        required: false,
        description: "During a secret rotation only: the same signature under your next secret.",
        schema: { type: "string", pattern: "^[0-9a-f]{64}$" },
      },
    ],
    requestBody: {
      required: true,
      content: {
        "application/json": {
          schema: { $ref: "#/components/schemas/LeadPostback" },
          examples: { funded: { summary: "The first draw funded", value: postbackExample } },
        },
      },
    },
    responses: {
      "204": { description: "Stored (any 2xx): not sent again." },
      default: { description: "Not stored: sent again after the next delay." },
    },
  },
};

/**
 * The OpenAPI 3.1 document for partners, from the same valibot schemas the
 * endpoint validates with. `origin` is the environment's own configured
 * address (a sandbox partner uses the same one with its test id and secret).
 */
export function openApiDocument(today: string, origin: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: `${brand.name} partner lead API`,
      version: "1.0.0",
      description:
        "Signed lead posting and lead status. See docs/partners.md for the signature, a curl example, the sandbox's test values and the versioning policy.",
      license: {
        name: `Proprietary: for ${brand.name}'s lead partners under their agreement`,
        url: `${origin}/termsandconditions`,
      },
    },
    servers: [{ url: origin, description: "This environment (live and sandbox partners alike)" }],
    security: [{ partnerId: [], partnerTimestamp: [], partnerSignature: [] }],
    paths: {
      "/api/leads": {
        post: {
          operationId: "postLead",
          summary: "Post one applicant's lead for a decision",
          parameters: [
            ...signatureHeaders,
            {
              name: "X-Partner-Mode",
              in: "header",
              required: false,
              description:
                "test: this post is meant for the sandbox. A live partner id sending it is refused (409 not_sandbox) before anything is decided.",
              schema: { type: "string", enum: ["test"] },
            },
          ],
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: { $ref: "#/components/schemas/Lead" },
                examples: {
                  approvedApplicant: { summary: "An applicant underwriting approves", value: leadExample(today) },
                },
              },
            },
          },
          responses: {
            "200": {
              description:
                "Decided: approved (with the applicant's one-time redirectUrl on our site) or denied. A repeat of the lead id with the same applicant answers the same decision (X-Lead-Replayed: true), approved with a fresh redirectUrl only while no link was used yet; otherwise without one, and linkStatus says why (used, expired).",
              headers: answerHeaders,
              content: {
                "application/json": {
                  schema: { $ref: "#/components/schemas/LeadAnswer" },
                  examples: answerExamples(origin),
                },
              },
            },
            "400": errorBody(
              "Invalid JSON or fields: `fields` maps each bad field's path (e.g. personal.ssn) to its message. Nothing was decided.",
              refusalExamples.invalidFields,
            ),
            "401": errorBody(
              "Unknown partner, wrong signature, a timestamp more than 5 minutes old or ahead, or a signed request already received (each is accepted once: sign every post, retries too, with a fresh timestamp). Nothing was recorded.",
              refusalExamples.signature,
            ),
            "409": {
              ...errorBody(
                "code lead_id_reused: this lead id was already used for a different applicant (another body); nothing was decided or recorded, and retrying will not help: post the applicant with a new partnerLeadId. code lead_busy: the same lead id is being decided by another request; retry after Retry-After, signed afresh. code not_sandbox: X-Partner-Mode: test was sent with a live partner id; nothing was decided.",
                refusalExamples.reused,
              ),
              headers: {
                "Retry-After": {
                  ...retryAfter["Retry-After"],
                  description: "lead_busy only: seconds to wait before retrying.",
                },
              },
            },
            "413": errorBody("The body is larger than 16 KB."),
            "415": errorBody("The body is not sent as application/json."),
            "429": {
              ...errorBody("Your partner budget (or the per-IP budget for refused signatures) is spent."),
              headers: retryAfter,
            },
            "503": {
              description:
                'The platform failed: status "error" (recorded). Retry with the same lead id, signed afresh; an error answer is not final.',
              headers: retryAfter,
              content: {
                "application/json": {
                  schema: { $ref: "#/components/schemas/LeadAnswer" },
                  examples: { error: { summary: "The platform failed", value: { status: "error" } } },
                },
              },
            },
          },
        },
      },
      "/api/leads/{partnerLeadId}": {
        get: {
          operationId: "getLeadStatus",
          summary: "A lead's status and what became of it (e-signed, first draw funded, withdrawn)",
          description:
            'Signed like a post, with the request path in place of the body: X-Signature is the HMAC-SHA256 of "<X-Timestamp>.<path>" (e.g. "1767225600./api/leads/lead-123"). Only your own leads.',
          parameters: [
            ...signatureHeaders,
            {
              name: "partnerLeadId",
              in: "path",
              required: true,
              schema: { type: "string", pattern: "^[\\w.:-]{1,64}$" },
            },
          ],
          responses: {
            "200": {
              description: "The lead's status; milestonesKnown false when the platform could not say.",
              content: {
                "application/json": {
                  schema: { $ref: "#/components/schemas/LeadStatus" },
                  examples: { funded: { summary: "E-signed, first draw funded", value: statusExample } },
                },
              },
            },
            "401": errorBody("Not signed rightly over this path, or a signed request already received."),
            "404": errorBody("code lead_not_found: none of your leads has this partnerLeadId."),
            "429": { ...errorBody("Your partner budget is spent."), headers: retryAfter },
          },
        },
      },
    },
    webhooks: { leadMilestone: postbackWebhook },
    components: {
      securitySchemes,
      schemas: {
        Lead: withFieldDocs(schemaOf(leadSchema(today))),
        LeadAnswer: schemaOf(LeadAnswerSchema),
        LeadRefusal: schemaOf(LeadRefusalSchema),
        LeadStatus: schemaOf(LeadStatusSchema),
        LeadPostback: schemaOf(LeadPostbackSchema),
      },
    },
  };
}

/** GET /api/openapi.json (public: the contract holds no secrets). */
export const openApiRoute = new Hono<ApiEnv>().get("/", (c) => {
  c.header("Cache-Control", "public, max-age=300");
  return c.json(openApiDocument(easternDateTime(new Date()).date, siteUrl(c.env, "")));
});
