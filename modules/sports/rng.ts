/**
 * Seeded random numbers (mulberry32). The whole state is one 32-bit integer, so a simulation can
 * be saved and resumed: `createRng(rng.state)` continues the sequence exactly where it stopped.
 */
export class Rng {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  get state(): number {
    return this.#state;
  }

  /** A number in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** A whole number from `min` to `max`, both included. */
  between(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Whole seconds, at least 1, until the next event of a process that averages one per `meanSeconds`. */
  waitSeconds(meanSeconds: number): number {
    return Math.max(1, Math.round(-meanSeconds * Math.log(1 - this.next())));
  }

  /** A normally distributed number (Box-Muller). */
  normal(mean: number, deviation: number): number {
    const radius = Math.sqrt(-2 * Math.log(1 - this.next()));
    return mean + deviation * radius * Math.cos(2 * Math.PI * this.next());
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError('nothing to pick from');
    return item;
  }

  /** One of the values, with a chance proportional to its weight. */
  weighted<T>(options: readonly (readonly [value: T, weight: number])[]): T {
    let total = 0;
    for (const option of options) total += option[1];
    let roll = this.next() * total;
    let chosen: T | undefined;
    for (const option of options) {
      if (option[1] <= 0) continue;
      chosen = option[0];
      roll -= option[1];
      if (roll < 0) break;
    }
    if (chosen === undefined) throw new RangeError('no option has a weight');
    return chosen;
  }
}

export function createRng(seed: number): Rng {
  return new Rng(seed);
}
