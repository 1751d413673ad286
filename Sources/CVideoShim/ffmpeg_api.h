#ifndef GALGEN_FFMPEG_API_H
#define GALGEN_FFMPEG_API_H
/* FFmpeg's headers give this target types, constants and prototypes only: every function is called
   through the pointer table below, filled by dlsym (loader.c), so nothing here links against FFmpeg. */
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libswscale/swscale.h>
#include <stddef.h>

/* Struct layouts differ between major versions, so the headers must be those of the sonames opened. */
#define GG_AVUTIL_MAJOR 57
#define GG_AVCODEC_MAJOR 59
#define GG_AVFORMAT_MAJOR 59
#define GG_SWSCALE_MAJOR 6
#if LIBAVUTIL_VERSION_MAJOR != GG_AVUTIL_MAJOR || LIBAVCODEC_VERSION_MAJOR != GG_AVCODEC_MAJOR
#error "CVideoShim is written for libavutil 57 and libavcodec 59 (FFmpeg 5.x): the installed headers differ"
#endif
#if LIBAVFORMAT_VERSION_MAJOR != GG_AVFORMAT_MAJOR || LIBSWSCALE_VERSION_MAJOR != GG_SWSCALE_MAJOR
#error "CVideoShim is written for libavformat 59 and libswscale 6 (FFmpeg 5.x): the installed headers differ"
#endif

/* Each library's functions, in the order the libraries are opened (a library after those it needs). */
#define GG_AVUTIL_FUNCTIONS(X) \
    X(avutil_version) X(av_log_set_level) X(av_strerror) X(av_frame_alloc) X(av_frame_free) X(av_frame_unref) \
    X(av_display_rotation_get) X(av_rescale_q)
#define GG_SWSCALE_FUNCTIONS(X) \
    X(swscale_version) X(sws_getContext) X(sws_scale) X(sws_freeContext) X(sws_getCoefficients) \
    X(sws_setColorspaceDetails)
#define GG_AVCODEC_FUNCTIONS(X) \
    X(avcodec_version) X(avcodec_find_decoder) X(avcodec_alloc_context3) X(avcodec_free_context) \
    X(avcodec_parameters_to_context) X(avcodec_open2) X(avcodec_send_packet) X(avcodec_receive_frame) \
    X(avcodec_get_name) X(av_packet_alloc) X(av_packet_free) X(av_packet_unref)
#define GG_AVFORMAT_FUNCTIONS(X) \
    X(avformat_version) X(avformat_alloc_context) X(avformat_open_input) X(avformat_close_input) \
    X(avformat_find_stream_info) X(av_read_frame) X(av_seek_frame) X(av_stream_get_side_data)

#define GG_POINTER(name) __typeof__(name) *name;
typedef struct {
    GG_AVUTIL_FUNCTIONS(GG_POINTER)
    GG_SWSCALE_FUNCTIONS(GG_POINTER)
    GG_AVCODEC_FUNCTIONS(GG_POINTER)
    GG_AVFORMAT_FUNCTIONS(GG_POINTER)
} gg_ffmpeg_api;
#undef GG_POINTER

/* The process's table, or NULL with the reason in `error` (loading on the first call). */
const gg_ffmpeg_api *gg_ffmpeg(char *error, size_t error_size);

/* Writes `text` into `error` (truncated, always terminated). */
void gg_video_error(char *error, size_t error_size, const char *text);

/* The poster from a decoded frame: scaled to the displayed size (sample aspect ratio applied, at most
   `max_side` on the long side), converted to RGB24 and turned clockwise by `rotation` degrees (0, 90,
   180, 270). Returns a malloc'd buffer and its size in *width, *height; NULL when out of memory or
   when swscale refuses the frame's format. */
unsigned char *gg_video_poster(const gg_ffmpeg_api *av, const AVFrame *frame, int rotation, int max_side,
                               int *width, int *height);

/* The displayed size of a `width`×`height` picture with sample aspect ratio `sar` (invalid: square). */
void gg_video_display_size(int width, int height, AVRational sar, int *out_width, int *out_height);

#endif
