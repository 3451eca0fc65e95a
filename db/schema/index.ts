export * from "./directory";
export * from "./leads";
export * from "./servicing";
export * from "./site";
