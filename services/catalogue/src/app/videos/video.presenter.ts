import type { VideoResource } from '@sv/contracts';
import type { OwnerUrlOf } from '@sv/platform';
import type { Video } from '../../db/entities/video.entity.ts';

/** The video as the API shows it; video_url is signed afresh and expires. */
export const presentVideo = async (video: Video, urlOf: OwnerUrlOf): Promise<VideoResource> => ({
  uuid: video.id,
  title: video.title,
  artist_id: video.artistId ?? null,
  release_id: video.releaseId ?? null,
  isrc: video.isrc ?? null,
  video_type: video.videoType as VideoResource['video_type'],
  status: video.status as VideoResource['status'],
  release_date: video.releaseDate ?? null,
  genre: video.genre ?? null,
  explicit: video.explicit,
  description: video.description ?? null,
  language: video.language ?? null,
  rejection_reason: video.rejectionReason ?? null,
  video_url: await urlOf({ key: video.videoKey, url: video.videoUrl }),
  mime_type: video.mimeType ?? null,
  file_size: video.fileSize ?? null,
  width: video.width ?? null,
  height: video.height ?? null,
  duration_ms: video.durationMs ?? null,
  submitted_at: video.submittedAt?.toISOString() ?? null,
  approved_at: video.approvedAt?.toISOString() ?? null,
  created_at: video.createdAt.toISOString(),
  updated_at: video.updatedAt.toISOString(),
});
