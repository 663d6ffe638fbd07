import type { z } from 'zod';

/**
 * What `Response.json` makes of a domain value: a Date becomes its ISO string,
 * and a key whose value may be `undefined` may be absent (JSON drops it). The
 * response schemas describe this wire form, so they are checked against it.
 */
export type JsonOf<T> = T extends Date
  ? string
  : T extends string | number | boolean | null | undefined
    ? T
    : T extends ReadonlyArray<infer Item>
      ? JsonOf<Item>[]
      : T extends object
        ? JsonObject<T>
        : T;

/** `unknown` could be undefined too, but zod types such a key as present, so it stays required. */
type MaybeAbsentKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? (unknown extends T[K] ? never : K) : never }[keyof T];

// `as` keeps an index signature (`[key: string]: unknown`) beside the named keys, where `Exclude<keyof T, …>` would fold them into it
type JsonObject<T> = Flat<
  { [K in keyof T as K extends MaybeAbsentKeys<T> ? never : K]: JsonOf<T[K]> } & {
    [K in keyof T as K extends MaybeAbsentKeys<T> ? K : never]?: JsonOf<Exclude<T[K], undefined>>;
  }
>;

type Flat<T> = { [K in keyof T]: T[K] };

/**
 * True when a response schema's output and the domain value's JSON form are
 * assignable both ways: a field retyped, or a required field on one side only,
 * makes it false. Assignability rather than type identity, so a union of object
 * shapes and one shape with an optional field count as the same; an optional
 * field on one side only slips through, and the strict parse of real answers
 * in tests/http/openapi.test.ts catches it.
 */
export type DescribesJsonOf<Schema extends z.ZodType, Domain> =
  IsAny<Domain> extends true
    ? false
    : [z.output<Schema>] extends [JsonOf<Domain>]
      ? [JsonOf<Domain>] extends [z.output<Schema>]
        ? true
        : false
      : false;

/** An `any` domain type (a library's loose typing, a broken import) would match every schema: it fails instead. */
type IsAny<T> = 0 extends 1 & T ? true : false;

/** Fails to compile unless every check is true: `tsc` then names the module whose schema drifted. */
export type AllTrue<Checks extends true[]> = Checks;

/** A domain function's resolved answer, for the checks: `ResultOf<typeof listChats>`. */
// biome-ignore lint/suspicious/noExplicitAny: any function, whatever its parameters
export type ResultOf<F extends (...args: any[]) => unknown> = Awaited<ReturnType<F>>;
