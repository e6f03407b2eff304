#!/bin/busybox sh
# The test guest's first process, in its initramfs (guest-kernel.sh puts it
# there): loads the modules that reach the host's / over virtio 9p, mounts it,
# and hands over to the script named by burstlab_init= on the kernel command
# line (run-in-guest.sh writes it). Whatever goes wrong is said on the console
# and powers the guest off, so QEMU ends at once instead of at its timeout.
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev

die() {
  echo "guest: $*"
  poweroff -f
}

while read -r module; do
  insmod "/modules/$module" || die "insmod $module failed"
done </modules/order
mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144,cache=loose hostroot /newroot ||
  die "mounting the host's / over 9p failed"
[ -x "/newroot$burstlab_init" ] || die "no script $burstlab_init on the host's /"
mount --move /dev /newroot/dev
umount /proc /sys
exec switch_root /newroot "$burstlab_init"
