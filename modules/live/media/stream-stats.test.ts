import { describe, expect, it } from 'vitest';
import { createStreamStats } from './stream-stats';

/** An FLV tag of `size` bytes: its type, and for video the AVC packet type at byte 12. */
function tag(type: 8 | 9, size: number, avcPacketType = 1): Buffer {
  const buffer = Buffer.alloc(size);
  buffer[0] = type;
  buffer[12] = avcPacketType;
  return buffer;
}

describe('stream stats', () => {
  it('measures bitrate and frame rate over each second, counting pictures but not decoder headers', () => {
    let now = 0;
    const stats = createStreamStats(() => now);
    stats.countTag(tag(9, 100, 0)); // the sequence header: bytes, not a frame
    for (let frame = 0; frame < 30; frame++) {
      now = frame * 33;
      stats.countTag(tag(9, 4000));
      stats.countTag(tag(8, 200));
    }
    now = 1000;
    stats.countTag(tag(9, 4000)); // opens the next second
    expect(stats.read()).toEqual({ arriving: true, bitrateKbps: 1009, fps: 30 });
  });

  it('reports a stream that stopped arriving, with nothing measured', () => {
    let now = 0;
    const stats = createStreamStats(() => now);
    expect(stats.read()).toEqual({ arriving: false, bitrateKbps: 0, fps: 0 });
    stats.countTag(tag(9, 4000));
    now = 1500;
    stats.countTag(tag(9, 4000));
    now = 4000;
    expect(stats.read()).toEqual({ arriving: false, bitrateKbps: 0, fps: 0 });
  });
});
