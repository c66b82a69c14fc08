#!/bin/sh
# The end-to-end tests run the nginx recipe for serving the hosted blog under a customer's own path in front of
# the built app (tests/e2e/blog-proxy.spec.ts). On a bare machine, root installs Debian's nginx; anyone else gets
# one line saying what to run. NGINX_PATH overrides where it is looked for (default /usr/sbin/nginx).
nginx="${NGINX_PATH:-/usr/sbin/nginx}"
[ -x "$nginx" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "nginx is missing at $nginx: run 'sudo apt-get update && sudo apt-get install -y nginx', then run the tests again." >&2
  exit 1
fi
echo "nginx is missing at $nginx: installing it with apt-get." >&2
apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx || exit 1
[ -x "$nginx" ] || { echo "apt-get installed nginx but $nginx is still missing; set NGINX_PATH to where it is." >&2; exit 1; }
