#ifndef CVIDEOSHIM_H
#define CVIDEOSHIM_H
#include <stddef.h>

/* Video files read through FFmpeg's libraries (libavformat, libavcodec, libavutil, libswscale), which
   are loaded at run time with dlopen, never linked: a galgen binary runs without them and only video
   support is missing. The libraries are looked up once per process (thread-safe), by their versioned
   sonames first, then by the unversioned names; when the environment variable GALGEN_FFMPEG_LIBDIR
   is set (read once), only in that folder. FFmpeg never prints (its log level is set to quiet). */

enum {
    GALGEN_VIDEO_OK = 0,
    GALGEN_VIDEO_UNAVAILABLE = -1,   /* FFmpeg's libraries could not be loaded; the error says which part failed */
    GALGEN_VIDEO_UNREADABLE = -2,    /* not a container FFmpeg can open, or damaged before the first frame */
    GALGEN_VIDEO_NO_STREAM = -3,     /* no video stream (audio only, or only a cover picture) */
    GALGEN_VIDEO_NO_FRAME = -4       /* a video stream, but no frame could be decoded (within the limits) */
};

/* What a probe finds, and the poster frame. Free `poster` with galgen_video_free. */
struct galgen_video_info {
    double duration;            /* seconds; 0 when the file does not say */
    int width;                  /* as displayed: sample aspect ratio and rotation applied */
    int height;
    int rotation;               /* clockwise degrees applied to the stored frames for display: 0, 90, 180, 270 */
    char video_codec[32];       /* FFmpeg's codec name: "h264", "hevc", "vp9", "av1", "mpeg4", … */
    char audio_codec[32];       /* the first audio stream's codec, "" when there is none */
    char container[64];         /* the demuxer's names: "mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm", … */
    unsigned char *poster;      /* RGB24, poster_width * poster_height * 3 bytes, rows top to bottom, upright */
    int poster_width;           /* the displayed size, scaled down (aspect kept) to at most 4096 on the long side */
    int poster_height;
};

/* Whether FFmpeg's libraries are loaded (loading them on the first call). Returns GALGEN_VIDEO_OK, or
   GALGEN_VIDEO_UNAVAILABLE with the reason in `error`. */
int galgen_video_available(char *error, size_t error_size);

/* Opens the file at `path` (FFmpeg reads it itself, a bit at a time), describes its best video stream
   and decodes the poster frame: the first frame at or after min(1 s, duration / 3), or from the start
   when seeking fails. Work is bounded: at most 2000 packets are read for the poster and the whole
   call gives up after 30 seconds. On success returns GALGEN_VIDEO_OK and `out->poster` must be freed
   with galgen_video_free; on failure returns a negative GALGEN_VIDEO_* code, the reason in `error`,
   and leaves nothing to free. */
int galgen_video_probe(const char *path, struct galgen_video_info *out, char *error, size_t error_size);

/* Frees the poster of a successful probe (safe to call twice). */
void galgen_video_free(struct galgen_video_info *info);

/* For tests: tries to load the libraries from `libdir` (NULL: the normal search) without touching the
   process's loaded set, and closes them again. Returns GALGEN_VIDEO_OK or GALGEN_VIDEO_UNAVAILABLE
   with the same message a probe would give. */
int galgen_video_try_load(const char *libdir, char *error, size_t error_size);

#endif
