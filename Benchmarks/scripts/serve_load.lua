-- wrk script for serve_load.sh: rotates over the paths listed in the file $WRK_PATHS (one a line:
-- pages and images), and prints extra latency percentiles at the end.
local paths = {}
for line in io.lines(os.getenv("WRK_PATHS")) do paths[#paths + 1] = line end
local i = math.random(#paths)

request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end

done = function(summary, latency, requests)
  io.write("wrk-extra:")
  for _, p in ipairs({ 50, 90, 99, 99.9 }) do
    io.write(string.format(" p%s_ms=%.1f", p, latency:percentile(p) / 1000))
  end
  io.write(string.format(" max_ms=%.1f requests=%d errors_connect=%d errors_read=%d errors_write=%d errors_status=%d errors_timeout=%d\n",
    latency.max / 1000, summary.requests, summary.errors.connect, summary.errors.read, summary.errors.write,
    summary.errors.status, summary.errors.timeout))
end
