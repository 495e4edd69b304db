#!/usr/bin/env python3
"""Structure checks of the golden-model library, read from its compiled objects (nm).

  check_library.py INCLUDE_DIR SOURCES_CMAKE OBJECT...

(the objects of the mmacore target, $<TARGET_OBJECTS:mmacore>, under .../lib/<component>/).

1. names: every global symbol the library defines is either public (mma_*, declared in a public
   header include/mma/*.h) or internal (mmai_*); nothing else is exported.
2. no link cycles: the graph "object X calls a symbol defined in object Y" has no cycle, so a
   leaf never calls back up (e.g. the row engine never calls mma_run).
3. layers: the graph of components (one folder of firmware/lib each) has no cycle, and every edge
   is one that cmake/MmaLibSources.cmake declares (X_DEPENDS), transitively, so a firmware that
   links one component and its declared dependencies links everything it calls.
Exit status 0 if all hold, 1 with every violation listed otherwise.
"""
import os
import re
import subprocess
import sys


def nm(path):
    text = subprocess.run(['nm', path], check=True, capture_output=True, text=True).stdout
    defined, undefined = set(), set()
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == 'U':
            undefined.add(parts[1])
        elif len(parts) == 3 and parts[1] in 'TDRBCGSV':
            defined.add(parts[2])
    return defined, undefined


def public_names(include_dir):
    names = set()
    for f in os.listdir(include_dir):
        if f.endswith('.h'):
            text = open(os.path.join(include_dir, f)).read()
            names |= set(re.findall(r'\b(mma_[a-z0-9_]+)\s*\(', text))
            names |= set(re.findall(r'extern\s+[^;]*\b(mma_[a-z0-9_]+)\s*;', text))
    return names


def declared_deps(cmake_file):
    text = open(cmake_file).read()
    deps = {}
    for m in re.finditer(r'set\(MMA_LIB_([a-z_]+)_DEPENDS([^)]*)\)', text):
        deps[m.group(1)] = m.group(2).split()
    closure = {}
    for c in deps:
        seen, todo = set(), list(deps[c])
        while todo:
            d = todo.pop()
            if d not in seen:
                seen.add(d)
                todo.extend(deps.get(d, []))
        closure[c] = seen
    return deps, closure


def short(path):
    """lib/<component>/<file>.c for an object .../lib/<component>/<file>.c.o"""
    parts = os.path.normpath(path).split(os.sep)
    if 'lib' in parts:
        parts = parts[len(parts) - 1 - parts[::-1].index('lib'):]
    return '/'.join(parts).replace('.c.o', '.c').replace('.c.obj', '.c')


def component_of(path):
    parts = short(path).split('/')
    return parts[1] if len(parts) > 2 else '(top)'


def cycles(graph):
    """Strongly connected components with more than one node (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def main():
    if len(sys.argv) < 4:
        print(__doc__)
        return 2
    include_dir, cmake_file = sys.argv[1:3]
    objs = sorted(o for arg in sys.argv[3:] for o in arg.split(';') if o)
    info = {o: nm(o) for o in objs}
    owner = {}
    for o, (d, _) in info.items():
        for s in d:
            owner[s] = o
    public = public_names(include_dir)
    problems = []
    for o, (d, _) in info.items():
        for s in sorted(d):
            if s.startswith('mmai_') or s.startswith('__'):
                continue  # internal, or the compiler's own (sanitizer instrumentation: __odr_asan.*)
            if s.startswith('mma_') and s in public:
                continue
            why = 'not declared in any include/mma/*.h' if s.startswith('mma_') else 'neither mma_ (public) nor mmai_ (internal)'
            problems.append(f'names: {short(o)} exports {s}: {why}')
    name = short
    fgraph, cgraph = {}, {}
    _, closure = declared_deps(cmake_file)
    for o, (_, u) in info.items():
        for s in u:
            t = owner.get(s)
            if t is None or t == o:
                continue
            fgraph.setdefault(name(o), set()).add(name(t))
            co, ct = component_of(o), component_of(t)
            if co != ct:
                cgraph.setdefault(co, set()).add(ct)
                if ct not in closure.get(co, set()):
                    problems.append(f'layers: {name(o)} calls {s} of {name(t)}, but component {co} does not '
                                    f'declare {ct} in cmake/MmaLibSources.cmake')
    for c in cycles(fgraph):
        problems.append('link cycle between files: ' + ' <-> '.join(c))
    for c in cycles(cgraph):
        problems.append('cycle between components: ' + ' <-> '.join(c))
    for p in problems:
        print(p)
    edges = sum(len(v) for v in fgraph.values())
    print(f'check_library: {len(objs)} objects, {len(owner)} global symbols, {edges} file edges, '
          f'{sum(len(v) for v in cgraph.values())} component edges: {len(problems)} problem(s)')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
