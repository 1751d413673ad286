/* galgen_video_probe: a video file described and its poster frame decoded. */
#include "CVideoShim.h"
#include "ffmpeg_api.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum {
    GG_MAX_PACKETS = 2000,       /* packets read (all streams) while looking for the poster frame */
    GG_TIME_LIMIT = 30,          /* seconds for a whole probe; FFmpeg's blocking calls are interrupted after it */
    GG_MAX_SIDE = 4096,          /* the poster's long side */
    GG_PROBE_BYTES = 5000000,    /* how much avformat reads to identify the streams (FFmpeg's default) */
};

/* Everything one probe holds; gg_release frees whatever is set. */
typedef struct {
    const gg_ffmpeg_api *av;
    AVFormatContext *format;
    AVCodecContext *codec;
    AVPacket *packet;
    AVFrame *frame;
    AVFrame *kept;               /* the latest frame before the poster's time, in case none comes after it */
    struct timespec deadline;
    int timed_out;
} gg_probe;

static void gg_release(gg_probe *p) {
    if (p->codec) p->av->avcodec_free_context(&p->codec);
    if (p->format) p->av->avformat_close_input(&p->format);
    if (p->packet) p->av->av_packet_free(&p->packet);
    if (p->frame) p->av->av_frame_free(&p->frame);
    if (p->kept) p->av->av_frame_free(&p->kept);
}

/* "what: FFmpeg's message for code". */
static void gg_fail(const gg_probe *p, char *error, size_t error_size, const char *what, int code) {
    char reason[256] = "";
    if (p->timed_out) snprintf(reason, sizeof reason, "gave up after %d seconds", GG_TIME_LIMIT);
    else if (code < 0 && p->av->av_strerror(code, reason, sizeof reason) < 0) snprintf(reason, sizeof reason, "error %d", code);
    char text[512];
    snprintf(text, sizeof text, reason[0] ? "%s: %s" : "%s", what, reason);
    gg_video_error(error, error_size, text);
}

/* FFmpeg's interrupt callback: nonzero once the probe's time is up. */
static int gg_interrupt(void *opaque) {
    gg_probe *p = opaque;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec > p->deadline.tv_sec || (now.tv_sec == p->deadline.tv_sec && now.tv_nsec >= p->deadline.tv_nsec))
        p->timed_out = 1;
    return p->timed_out;
}

static int gg_open_file(gg_probe *p, const char *path, char *error, size_t error_size) {
    clock_gettime(CLOCK_MONOTONIC, &p->deadline);
    p->deadline.tv_sec += GG_TIME_LIMIT;
    p->format = p->av->avformat_alloc_context();
    if (!p->format) return gg_fail(p, error, error_size, "out of memory", 0), GALGEN_VIDEO_UNREADABLE;
    p->format->interrupt_callback.callback = gg_interrupt;
    p->format->interrupt_callback.opaque = p;
    p->format->probesize = GG_PROBE_BYTES;
    p->format->max_analyze_duration = 5 * AV_TIME_BASE;
    int r = p->av->avformat_open_input(&p->format, path, NULL, NULL);   /* frees the context on failure */
    if (r < 0) return gg_fail(p, error, error_size, "not a video FFmpeg can open", r), GALGEN_VIDEO_UNREADABLE;
    r = p->av->avformat_find_stream_info(p->format, NULL);
    if (r < 0) return gg_fail(p, error, error_size, "the streams could not be read", r), GALGEN_VIDEO_UNREADABLE;
    return GALGEN_VIDEO_OK;
}

/* The video stream to show: the largest one that is not an attached picture (cover art). */
static AVStream *gg_video_stream(const AVFormatContext *format) {
    AVStream *best = NULL;
    long long best_area = -1;
    for (unsigned i = 0; i < format->nb_streams; i++) {
        AVStream *s = format->streams[i];
        if (s->codecpar->codec_type != AVMEDIA_TYPE_VIDEO || (s->disposition & AV_DISPOSITION_ATTACHED_PIC)) continue;
        long long area = (long long)s->codecpar->width * s->codecpar->height;
        if (area > best_area) { best = s; best_area = area; }
    }
    return best;
}

/* Clockwise degrees (0, 90, 180, 270) to turn the stream's frames for display, from its display matrix. */
static int gg_rotation(const gg_ffmpeg_api *av, const AVStream *stream) {
    size_t size = 0;
    const uint8_t *matrix = av->av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
    if (!matrix || size < 9 * sizeof(int32_t)) return 0;
    double counterclockwise = av->av_display_rotation_get((const int32_t *)matrix);
    if (isnan(counterclockwise)) return 0;
    long quarter = lround(-counterclockwise / 90.0);
    return (int)(((quarter % 4) + 4) % 4) * 90;
}

static void gg_copy_name(char *out, size_t size, const char *name) { snprintf(out, size, "%s", name ? name : ""); }

static void gg_describe(const gg_probe *p, const AVStream *stream, struct galgen_video_info *out) {
    const AVFormatContext *format = p->format;
    if (format->duration != AV_NOPTS_VALUE && format->duration > 0) out->duration = (double)format->duration / AV_TIME_BASE;
    else if (stream->duration != AV_NOPTS_VALUE && stream->duration > 0)
        out->duration = stream->duration * av_q2d(stream->time_base);
    AVRational sar = stream->sample_aspect_ratio.num > 0 ? stream->sample_aspect_ratio : stream->codecpar->sample_aspect_ratio;
    gg_video_display_size(stream->codecpar->width, stream->codecpar->height, sar, &out->width, &out->height);
    out->rotation = gg_rotation(p->av, stream);
    if (out->rotation == 90 || out->rotation == 270) { int t = out->width; out->width = out->height; out->height = t; }
    gg_copy_name(out->video_codec, sizeof out->video_codec, p->av->avcodec_get_name(stream->codecpar->codec_id));
    gg_copy_name(out->container, sizeof out->container, format->iformat ? format->iformat->name : "");
    for (unsigned i = 0; i < format->nb_streams; i++) {
        const AVCodecParameters *audio = format->streams[i]->codecpar;
        if (audio->codec_type != AVMEDIA_TYPE_AUDIO) continue;
        gg_copy_name(out->audio_codec, sizeof out->audio_codec, p->av->avcodec_get_name(audio->codec_id));
        break;
    }
}

static int gg_open_decoder(gg_probe *p, const AVStream *stream, const char *name, char *error, size_t error_size) {
    char what[128];
    const AVCodec *decoder = p->av->avcodec_find_decoder(stream->codecpar->codec_id);
    snprintf(what, sizeof what, "FFmpeg has no decoder for the video codec %s", name);
    if (!decoder) return gg_fail(p, error, error_size, what, 0), GALGEN_VIDEO_NO_FRAME;
    p->codec = p->av->avcodec_alloc_context3(decoder);
    p->packet = p->av->av_packet_alloc();
    p->frame = p->av->av_frame_alloc();
    p->kept = p->av->av_frame_alloc();
    if (!p->codec || !p->packet || !p->frame || !p->kept) return gg_fail(p, error, error_size, "out of memory", 0), GALGEN_VIDEO_NO_FRAME;
    int r = p->av->avcodec_parameters_to_context(p->codec, stream->codecpar);
    p->codec->thread_count = 0;                  /* one per core, slices only: frame threads delay the first frame */
    p->codec->thread_type = FF_THREAD_SLICE;
    p->codec->max_pixels = 100000000;            /* a header claiming more is refused before anything is allocated */
    if (r >= 0) r = p->av->avcodec_open2(p->codec, decoder, NULL);
    snprintf(what, sizeof what, "the %s decoder could not start", name);
    if (r < 0) return gg_fail(p, error, error_size, what, r), GALGEN_VIDEO_NO_FRAME;
    return GALGEN_VIDEO_OK;
}

/* Seeks to the poster's time, min(1 s, duration / 3) after the stream's start, and returns that time in
   the stream's time base; AV_NOPTS_VALUE (take the first frame) for the start or when seeking fails. */
static int64_t gg_seek(gg_probe *p, const AVStream *stream, double duration) {
    double seconds = duration / 3 < 1 ? duration / 3 : 1;
    if (!(seconds > 0.01)) return AV_NOPTS_VALUE;
    int64_t target = p->av->av_rescale_q((int64_t)(seconds * AV_TIME_BASE), AV_TIME_BASE_Q, stream->time_base);
    if (stream->start_time != AV_NOPTS_VALUE) target += stream->start_time;
    if (p->av->av_seek_frame(p->format, stream->index, target, AVSEEK_FLAG_BACKWARD) >= 0) return target;
    int64_t start = stream->start_time != AV_NOPTS_VALUE ? stream->start_time : 0;
    p->av->av_seek_frame(p->format, stream->index, start, AVSEEK_FLAG_BACKWARD);
    return AV_NOPTS_VALUE;
}

/* Feeds the decoder until it gives the first frame at or after `target`; returns it, or the last frame
   before it when the stream ends first, or NULL with the reason in `error`. */
static AVFrame *gg_decode(gg_probe *p, int stream_index, int64_t target, char *error, size_t error_size) {
    const gg_ffmpeg_api *av = p->av;
    int packets = 0, flushed = 0, last_error = 0, have_kept = 0;
    for (;;) {
        int r = av->avcodec_receive_frame(p->codec, p->frame);
        if (r == 0) {
            int64_t ts = p->frame->best_effort_timestamp;
            if (target == AV_NOPTS_VALUE || ts == AV_NOPTS_VALUE || ts >= target) return p->frame;
            AVFrame *t = p->kept; p->kept = p->frame; p->frame = t;
            av->av_frame_unref(p->frame);
            have_kept = 1;
            continue;
        }
        if (r != AVERROR(EAGAIN)) { if (r != AVERROR_EOF) last_error = r; break; }
        if (flushed) break;
        if (packets >= GG_MAX_PACKETS) {
            if (!have_kept) {
                char what[128];
                snprintf(what, sizeof what, "no frame decoded from the first %d packets", GG_MAX_PACKETS);
                gg_fail(p, error, error_size, what, 0);
                return NULL;
            }
            break;
        }
        r = av->av_read_frame(p->format, p->packet);
        packets++;
        if (r < 0) {                                  /* the end, damage or the time limit: drain the decoder */
            if (r != AVERROR_EOF) last_error = r;
            av->avcodec_send_packet(p->codec, NULL);
            flushed = 1;
            continue;
        }
        if (p->packet->stream_index == stream_index) {
            int s = av->avcodec_send_packet(p->codec, p->packet);
            if (s < 0 && s != AVERROR(EAGAIN)) last_error = s;   /* a damaged packet: later ones may still decode */
        }
        av->av_packet_unref(p->packet);
    }
    if (have_kept) return p->kept;
    gg_fail(p, error, error_size, "no frame could be decoded", last_error);
    return NULL;
}

int galgen_video_probe(const char *path, struct galgen_video_info *out, char *error, size_t error_size) {
    memset(out, 0, sizeof *out);
    if (error && error_size) error[0] = 0;
    gg_probe p = {0};
    p.av = gg_ffmpeg(error, error_size);
    if (!p.av) return GALGEN_VIDEO_UNAVAILABLE;
    int status = gg_open_file(&p, path, error, error_size);
    AVStream *stream = status == GALGEN_VIDEO_OK ? gg_video_stream(p.format) : NULL;
    if (status == GALGEN_VIDEO_OK && !stream) {
        gg_video_error(error, error_size, "no video stream");
        status = GALGEN_VIDEO_NO_STREAM;
    }
    if (status == GALGEN_VIDEO_OK) {
        gg_describe(&p, stream, out);
        status = gg_open_decoder(&p, stream, out->video_codec, error, error_size);
    }
    if (status == GALGEN_VIDEO_OK) {
        AVFrame *frame = gg_decode(&p, stream->index, gg_seek(&p, stream, out->duration), error, error_size);
        if (frame) {
            out->poster = gg_video_poster(p.av, frame, out->rotation, GG_MAX_SIDE, &out->poster_width, &out->poster_height);
            if (!out->poster) gg_video_error(error, error_size, "the decoded frame could not be converted to RGB");
        }
        if (!out->poster) status = GALGEN_VIDEO_NO_FRAME;
        else if (out->width <= 0 || out->height <= 0) { out->width = out->poster_width; out->height = out->poster_height; }
    }
    gg_release(&p);
    if (status != GALGEN_VIDEO_OK) {
        free(out->poster);
        memset(out, 0, sizeof *out);
    }
    return status;
}

void galgen_video_free(struct galgen_video_info *info) {
    if (!info) return;
    free(info->poster);
    info->poster = NULL;
}
