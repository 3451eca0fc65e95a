export * from "./servicing";
export * from "./site";
export * from "./leads";
