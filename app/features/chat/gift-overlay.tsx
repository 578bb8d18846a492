import { useEffect, useRef } from 'react';

/**
 * Plays gift animations over the player, one after another (SVGA through the `svga` player,
 * loaded in the browser only). `queue` holds the animations' addresses still to play.
 */
export function GiftOverlay({ queue, onPlayed }: { queue: readonly string[]; onPlayed: () => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const current = queue[0];

  useEffect(() => {
    const element = canvas.current;
    if (!current || !element) return;
    let stopped = false;
    let player: { destroy(): void } | undefined;
    void (async () => {
      try {
        const { Parser, Player } = await import('svga');
        const parser = new Parser();
        const movie = await parser.load(current);
        if (stopped) return;
        const playing = new Player({ container: element, loop: 1 });
        player = playing;
        await playing.mount(movie);
        playing.onEnd = () => onPlayed();
        playing.start();
      } catch {
        onPlayed();
      }
    })();
    return () => {
      stopped = true;
      player?.destroy();
    };
  }, [current, onPlayed]);

  return (
    <canvas
      ref={canvas}
      data-playing={current ?? ''}
      className="pointer-events-none absolute inset-0 m-auto size-full max-h-72 max-w-72"
      width={300}
      height={300}
      aria-hidden
    />
  );
}
