/** The merchant id the embedded platform issues merchant tokens for. */
export const EMBEDDED_MERCHANT_ID = "ridgeline-embedded";
