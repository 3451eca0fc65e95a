export * from "./servicing";
export * from "./site";
