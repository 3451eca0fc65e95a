export * from "./directory";
export * from "./leads";
export * from "./notices";
export * from "./servicing";
export * from "./site";
