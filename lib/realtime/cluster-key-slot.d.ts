/** ioredis' own slot function (a dependency of ioredis), untyped upstream. */
declare module 'cluster-key-slot' {
  export default function calculateSlot(key: string): number;
}
