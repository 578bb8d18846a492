import { useEffect, useRef } from 'react';
import type { Gift } from '../../../modules/chat/chat.contract';
import type { Playing } from './svga-player';

/** A gift animation to play: its address and whether it is SVGA or Lottie. */
export type GiftAnimation = Pick<Gift, 'animation' | 'animationType'>;

/** Plays a Lottie animation once in the box (lottie-web's light player: no expressions, no eval). */
async function playLottie(box: HTMLDivElement, url: string, onEnd: () => void): Promise<Playing> {
  const { default: lottie } = await import('lottie-web/build/player/lottie_light');
  const player = lottie.loadAnimation({
    container: box,
    renderer: 'svg',
    loop: false,
    autoplay: true,
    path: url,
  });
  player.addEventListener('complete', onEnd);
  player.addEventListener('data_failed', onEnd);
  return player;
}

/**
 * Plays gift animations over the player, one after another: SVGA on the canvas, Lottie in the box.
 * `queue` holds the animations still to play; `onPlayed` is called when the first has played (or
 * could not be).
 */
export function GiftOverlay({ queue, onPlayed }: { queue: readonly GiftAnimation[]; onPlayed: () => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const current = queue[0];

  useEffect(() => {
    const svga = canvas.current;
    const lottie = box.current;
    if (!current || !svga || !lottie) return;
    let stopped = false;
    let player: Playing | undefined;
    void (async () => {
      try {
        const started =
          current.animationType === 'lottie'
            ? await playLottie(lottie, current.animation, onPlayed)
            : await (await import('./svga-player')).playSvga(svga, current.animation, onPlayed);
        if (stopped) started.destroy();
        else player = started;
      } catch {
        if (!stopped) onPlayed();
      }
    })();
    return () => {
      stopped = true;
      player?.destroy();
    };
  }, [current, onPlayed]);

  const place = 'pointer-events-none absolute inset-0 m-auto size-full max-h-72 max-w-72';
  return (
    <>
      <canvas
        ref={canvas}
        data-playing={current?.animationType === 'svga' ? current.animation : ''}
        className={place}
        width={300}
        height={300}
        aria-hidden
      />
      <div
        ref={box}
        data-playing={current?.animationType === 'lottie' ? current.animation : ''}
        className={place}
        aria-hidden
      />
    </>
  );
}
