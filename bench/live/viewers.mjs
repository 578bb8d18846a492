// A load process of the live benchmark: viewers of HTTP-FLV (one endless response each) and of HLS
// (the playlist every second, each new segment once), counting the bytes each receives while
// measured. Driven over IPC by bench/live/run.mjs: { base, streams, flv, hls } starts the viewers
// (`flv` and `hls` per stream), 'measure' starts counting, 'report' answers with the bytes (and HLS segments) per viewer.
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
let counting = false;
let stopped = false;
const viewers = [];
const requests = new Set();

function get(url, onData) {
  return new Promise((resolve) => {
    const request = http.get(url, { agent }, (response) => {
      response.on('data', onData);
      response.on('end', resolve);
      response.on('error', resolve);
    });
    requests.add(request);
    request.on('close', () => requests.delete(request));
    request.on('error', resolve);
  });
}

function watchFlv(url) {
  const viewer = { line: 'flv', bytes: 0 };
  viewers.push(viewer);
  void get(url, (chunk) => {
    if (counting) viewer.bytes += chunk.length;
  });
}

async function watchHls(url) {
  const viewer = { line: 'hls', bytes: 0, segments: 0 };
  viewers.push(viewer);
  const fetched = new Set();
  let first = true;
  while (!stopped) {
    let playlist = '';
    await get(url, (chunk) => {
      playlist += chunk;
    });
    const segments = playlist.split('\n').filter((line) => line.endsWith('.ts'));
    // Joins at the newest segment, as a player at the live edge does.
    for (const segment of first ? segments.slice(-1) : segments) {
      if (fetched.has(segment)) continue;
      fetched.add(segment);
      const counted = counting;
      await get(new URL(segment, url).href, (chunk) => {
        if (counting) viewer.bytes += chunk.length;
      });
      if (counted && counting) viewer.segments++;
    }
    first = false;
    await sleep(1000);
  }
}

process.on('message', (message) => {
  if (message === 'measure') counting = true;
  else if (message === 'report') {
    counting = false;
    stopped = true;
    for (const request of requests) request.destroy();
    process.send(viewers);
  } else {
    const { base, streams, flv, hls } = message;
    for (const stream of streams) {
      for (let i = 0; i < flv; i++) watchFlv(`${base}/media/live/${stream}.flv`);
      for (let i = 0; i < hls; i++) void watchHls(`${base}/media/hls/${stream}/index.m3u8`);
    }
  }
});
