import { useEffect, useState } from 'react';
import type { Video } from '../../../modules/content/content.contract';
import { useApi } from '../../lib/api';

/**
 * The video page is the same for every visitor (decision 032); once it runs it asks for the video
 * as this visitor sees it, as the product's client does: the call counts the view and says whether
 * they liked it. Until it answers, or if it fails, the page's own figures stay.
 */
export function useVisitorVideo(game: string, video: Video): Video {
  const api = useApi();
  const [seen, setSeen] = useState<Video | null>(null);
  useEffect(() => {
    let current = true;
    api.get<Video>(`/${game}/video${video.id}`, { quiet: true }).then(
      (answer) => current && setSeen(answer),
      // The shared figures are still right to show.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, game, video.id]);
  return seen?.id === video.id
    ? { ...video, views: seen.views, likes: seen.likes, liked: seen.liked }
    : video;
}
