# gdb script: counts calls to malloc made with the engine (GestureEngine's
# methods) on the stack, while gesture-bench runs. Exact where callgrind's
# call counts are not (it records call arcs outside --toggle-collect too).
# Used by Benchmarks/allocations.sh.
import gdb

count = [0]

class EngineMalloc(gdb.Breakpoint):
    def stop(self):
        frame = gdb.newest_frame()
        while frame is not None:
            name = frame.name() or ""
            if "11GestureCore0A6EngineV" in name:   # a GestureEngine method (mangled)
                count[0] += 1
                break
            if "gesture_bench_main" in name:
                break
            frame = frame.older()
        return False   # never stop: count and go on

EngineMalloc("malloc")
gdb.execute("run")
print("engine mallocs:", count[0])
