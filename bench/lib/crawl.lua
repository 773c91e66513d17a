-- Asks each path of a file (one per line) once, in order, over wrk's connections, and stops the
-- thread after `count` answers: a cold crawl driven by a C load generator (`bench/lib/crawl.ts`).
-- Arguments: the file of paths, the number of answers to wait for, the Accept-Encoding to send.
-- wrk calls `request` once before the run to check what it returns (`script_verify_request`):
-- that call gets the placeholder, and the crawl's first request is the second call.
local paths = { "/" }
local next_path = 1
local answers = 0
local count = 0
local failures = 0

function init(args)
  for line in io.lines(args[1]) do
    paths[#paths + 1] = line
  end
  count = tonumber(args[2])
  wrk.headers["Accept-Encoding"] = args[3]
end

function request()
  if next_path == 2 then
    io.stdout:write("crawl start\n")
    io.stdout:flush()
  end
  -- Paths past the end are never answered: the thread stops at `count`, before them.
  local path = paths[math.min(next_path, #paths)]
  next_path = next_path + 1
  return wrk.format("GET", path)
end

function response(status)
  answers = answers + 1
  if status ~= 200 then
    failures = failures + 1
  end
  if answers >= count then
    io.stdout:write(string.format("crawl answers %d failures %d\n", answers, failures))
    io.stdout:flush()
    wrk.thread:stop()
  end
end
