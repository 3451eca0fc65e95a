// The DOM library (needed by app/) and the Workers types disagree on a few
// globals; these are the Workers-only parts the server code uses.
interface CacheStorage {
  readonly default: Cache;
}
