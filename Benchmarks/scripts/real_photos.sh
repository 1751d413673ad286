#!/usr/bin/env bash
# Real photographs for the encoder study (Benchmarks/scripts/equal_quality.py): 38 camera photos
# (landscapes, flowers, animals, water, architecture; 1280x1024 to 6028x3391) picked by eye from
# Debian bookworm's wallpaper packages, leaving out renders, paintings and illustrations. They are
# fetched with apt-get download, never committed (each package's copyright file gives the licence).
#
# usage: Benchmarks/scripts/real_photos.sh DIR     -> DIR/real/<package>__<name>.jpg
# needs: apt (run apt-get update once first), dpkg-deb.
set -euo pipefail
D=${1:?usage: real_photos.sh DIR}
mkdir -p "$D/real" "$D/debs" "$D/x"
D=$(cd "$D" && pwd)
PHOTOS="
lomiri-wallpapers-16.04 backgrounds/Bridge_by_Sander_Klootwijk.jpg
lomiri-wallpapers-16.04 backgrounds/Dragonfly_by_Bolly.jpg
lomiri-wallpapers-16.04 backgrounds/Picture_0B_by_freespace.jpg
lomiri-wallpapers-16.04 backgrounds/Picture_1A_by_freespace.jpg
lomiri-wallpapers-16.04 backgrounds/Wine_by_Jakkub_Mede.jpg
lomiri-wallpapers-16.04 backgrounds/aitzgorri_by_Aitzol_Berasategi.jpg
lomiri-wallpapers-16.04 backgrounds/free_by_Peter_Nerlich.jpg
lomiri-wallpapers-16.04 backgrounds/friends_by_Aitzol_Berasategi.jpg
lomiri-wallpapers-16.04 backgrounds/greentock_by_Peter_Nerlich.jpg
lomiri-wallpapers-16.04 backgrounds/life_by_Aitzol_Berasategi.jpg
lomiri-wallpapers-16.04 backgrounds/picosdeeuropa_by_Aitzol_Berasategi.jpg
lomiri-wallpapers-16.04 backgrounds/seeding_by_Clements_Engelhardt.jpg
lomiri-wallpapers-16.04 backgrounds/sunset_by_Aitzol_Berasategi.jpg
lomiri-wallpapers-20.04 backgrounds/Kleiber_by_Lukas_Baubkus.jpg
mate-backgrounds backgrounds/mate/nature/Aqua.jpg
mate-backgrounds backgrounds/mate/nature/Blinds.jpg
mate-backgrounds backgrounds/mate/nature/Dune.jpg
mate-backgrounds backgrounds/mate/nature/FreshFlower.jpg
mate-backgrounds backgrounds/mate/nature/Garden.jpg
mate-backgrounds backgrounds/mate/nature/GreenMeadow.jpg
mate-backgrounds backgrounds/mate/nature/LadyBird.jpg
mate-backgrounds backgrounds/mate/nature/RainDrops.jpg
mate-backgrounds backgrounds/mate/nature/Storm.jpg
mate-backgrounds backgrounds/mate/nature/TwoWings.jpg
mate-backgrounds backgrounds/mate/nature/Wood.jpg
mate-backgrounds backgrounds/mate/nature/YellowFlower.jpg
plasma-workspace-wallpapers wallpapers/BytheWater/contents/images/2560x1600.jpg
plasma-workspace-wallpapers wallpapers/ColdRipple/contents/images/2560x1600.jpg
plasma-workspace-wallpapers wallpapers/ColorfulCups/contents/images/2560x1600.jpg
plasma-workspace-wallpapers wallpapers/DarkestHour/contents/images/2560x1600.jpg
plasma-workspace-wallpapers wallpapers/EveningGlow/contents/images/2560x1600.jpg
plasma-workspace-wallpapers wallpapers/FallenLeaf/contents/images/2560x1600.jpg
plasma-workspace-wallpapers wallpapers/Grey/contents/images/2560x1600.jpg
plasma-workspace-wallpapers wallpapers/Kite/contents/images/2560x1600.jpg
plasma-workspace-wallpapers wallpapers/OneStandsOut/contents/images/2560x1600.jpg
plasma-workspace-wallpapers wallpapers/Path/contents/images/2560x1600.jpg
plasma-workspace-wallpapers wallpapers/Volna/contents/images/5120x2880.jpg
plasma-workspace-wallpapers wallpapers/summer_1am/contents/images/2560x1600.jpg
"
packages=$(echo "$PHOTOS" | awk 'NF {print $1}' | sort -u)
for p in $packages; do
    if ! ls "$D/debs/${p}"_*.deb >/dev/null 2>&1; then
        # shellcheck disable=SC2086
        (cd "$D/debs" && apt-get download -q "$p" 2>&1 | grep -v "^W: Download is performed unsandboxed" || true)
    fi
    [ -d "$D/x/$p" ] || dpkg-deb -x "$D/debs/${p}"_*.deb "$D/x/$p"
done
echo "$PHOTOS" | while read -r p f; do
    [ -n "$p" ] || continue
    name=${f#*/}; name=${name%/contents/images/*}; name=${name//\//_}; name=${name%.jpg}
    out="$D/real/${p}__${name}.jpg"
    [ -s "$out" ] || cp "$D/x/$p/usr/share/$f" "$out"
done
echo "real photos: $(ls "$D/real" | wc -l) files in $D/real"
