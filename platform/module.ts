import type { FastifyInstance } from 'fastify';

/** A page the sitemap lists, by its path without a language prefix. */
export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

/**
 * What a domain brings to the app. Each function names in its parameter type exactly the services
 * it uses; the composition root (server/) hands every one the same `services`, built in module
 * order, and the compiler checks that they hold what each one names.
 */
export interface ModuleDefinition<Services = never> {
  /** The folder's name, for logs and the sitemap's files. */
  name: string;
  /** Builds the services the module adds to `services`, from those of modules before it. */
  services?: (deps: Services) => object | Promise<object>;
  /** Its /java calls (defineApi), registered under /java. */
  routes?: readonly Plugin<Services>[];
  /** Its endpoints outside /java: websockets, provider callbacks, served files. */
  endpoints?: readonly Plugin<Services>[];
  /** Its pages for /sitemap.xml, by the sitemap file's name. */
  sitemap?: Record<string, (services: Services) => Promise<SitemapEntry[]>>;
  /**
   * Runs once every module's services exist, in module order, before the app answers (loading,
   * seeding, starting a feed); what it returns is run when the app closes, in reverse order.
   */
  start?: (services: Services) => Promise<Stop | undefined> | Promise<void>;
}

/** Registers a module's calls or endpoints on the app, with the services it names. */
export type Plugin<Services> = (app: FastifyInstance, services: Services) => Promise<void>;

/** Undoes what a module's start did: stops its timers, feeds and subscriptions. */
export type Stop = () => Promise<void>;

/** Declares a module; keeps its exact types so the composition root can type `services`. */
export const defineModule = <M extends ModuleDefinition>(module: M): M => module;

/** The services a list of modules adds, as one object type (module order does not matter here). */
export type ServicesOf<Modules extends readonly unknown[]> = Modules extends readonly [
  infer First,
  ...infer Rest,
]
  ? (First extends { services: (deps: never) => infer Provided } ? Awaited<Provided> : unknown) &
      ServicesOf<Rest>
  : unknown;
