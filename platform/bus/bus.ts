/** Publish/subscribe on named channels, across every app instance when Redis is configured. */
export interface Bus {
  publish(channel: string, message: unknown): Promise<void>;
  /** Returns the function that ends the subscription. */
  subscribe(channel: string, handler: (message: unknown) => void): Promise<() => Promise<void>>;
  ready(): Promise<void>;
  close(): Promise<void>;
}
