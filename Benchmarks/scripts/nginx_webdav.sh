# Sourced by the remote-cache benchmarks with `work` set: starts nginx on a free 127.0.0.1 port with
# WebDAV PUT under /cache/ (as in docs/remote-cache.md), its root in $work/nginx/data, and sets
# `remote` (http://127.0.0.1:PORT/cache) and `nginx` (its pid; the caller's trap stops it).
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
rm -rf "$work/nginx"
mkdir -p "$work/nginx/data" "$work/nginx/temp"
cat > "$work/nginx/nginx.conf" <<CONF
daemon off;
master_process off;
worker_processes 2;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events { worker_connections 256; }
http {
    access_log off;
    client_body_temp_path $work/nginx/temp;
    client_max_body_size 0;
    server {
        listen 127.0.0.1:$port;
        root $work/nginx/data;
        location /cache/ { dav_methods PUT; create_full_put_path on; }
    }
}
CONF
/usr/sbin/nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" &
nginx=$!
sleep 1
remote=http://127.0.0.1:$port/cache
