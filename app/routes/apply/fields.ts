// The field helpers live in functions/ so the partner API shares them with the wizard.
export * from "../../../functions/application/fields";
