#include "CIPTCShim.h"
#include <libiptcdata/iptc-data.h>
#include <libiptcdata/iptc-jpeg.h>
#include <stdlib.h>
#include <string.h>

/* At most this many datasets are kept (hostile files may repeat Keywords without end). */
#define GG_IPTC_MAX_ITEMS 1000

static int gg_wanted(IptcDataSet *ds) {
    return ds->record == IPTC_RECORD_APP_2
        && (ds->tag == IPTC_TAG_OBJECT_NAME || ds->tag == IPTC_TAG_KEYWORDS || ds->tag == IPTC_TAG_BYLINE
            || ds->tag == IPTC_TAG_CAPTION);
}

static int gg_copy_items(IptcData *data, gg_iptc_info *out) {
    out->items = calloc(data->count ? data->count : 1, sizeof *out->items);
    if (!out->items) return -2;
    for (unsigned int i = 0; i < data->count && out->count < GG_IPTC_MAX_ITEMS; i++) {
        IptcDataSet *ds = data->datasets[i];
        if (!ds || !gg_wanted(ds) || !ds->data || ds->size == 0) continue;
        gg_iptc_item *item = &out->items[out->count];
        item->bytes = malloc(ds->size);
        if (!item->bytes) return -2;
        memcpy(item->bytes, ds->data, ds->size);
        item->length = ds->size;
        item->tag = (int)ds->tag;
        out->count++;
    }
    return 0;
}

int gg_iptc_read(const unsigned char *app13, size_t len, gg_iptc_info *out) {
    memset(out, 0, sizeof *out);
    if (!app13 || len < 14 || len > 0xffffffffu) return 1;
    unsigned int iptc_len = 0;
    int offset = iptc_jpeg_ps3_find_iptc(app13, (unsigned int)len, &iptc_len);
    if (offset <= 0 || iptc_len == 0 || (size_t)offset + iptc_len > len) return 1;
    IptcData *data = iptc_data_new();
    if (!data) return -2;
    if (iptc_data_load(data, app13 + offset, iptc_len) < 0) {
        iptc_data_unref(data);
        return -1;
    }
    out->utf8 = iptc_data_get_encoding(data) == IPTC_ENCODING_UTF8;
    int result = gg_copy_items(data, out);
    iptc_data_unref(data);
    return result;
}

void gg_iptc_free(gg_iptc_info *info) {
    if (!info) return;
    for (int i = 0; i < info->count; i++) free(info->items[i].bytes);
    free(info->items);
    info->items = NULL;
    info->count = 0;
}
