import type { BlogThemeId } from "#app/modules/hosted-blog/themes";

/**
 * A small drawing of each theme's index in the brand's accent, so the choice reads at a glance before a preview is
 * opened. Decorative: the theme's name and description say the same in words.
 */

const bar = "block rounded-sm";
const picture = "block rounded-sm bg-slate-200";

function Magazine({ accent }: { accent: string }) {
  return (
    <span className="flex h-full flex-col gap-1.5 bg-white p-2.5">
      <span className="block h-0.5 w-full" style={{ backgroundColor: accent }} />
      <span className={`${bar} h-2.5 w-2/5 bg-slate-800`} />
      <span className="grid grid-cols-5 gap-1.5">
        <span className={`${picture} col-span-3 h-9`} />
        <span className="col-span-2 flex flex-col gap-1">
          <span className="block h-1 w-1/2" style={{ backgroundColor: accent }} />
          <span className={`${bar} h-2 bg-slate-700`} />
          <span className={`${bar} h-1 w-4/5 bg-slate-300`} />
        </span>
      </span>
      <span className="grid grid-cols-3 gap-1.5">
        {[0, 1, 2].map((i) => (
          <span key={i} className="flex flex-col gap-1">
            <span className={`${picture} h-5`} />
            <span className={`${bar} h-1.5 bg-slate-600`} />
          </span>
        ))}
      </span>
    </span>
  );
}

function Longread({ accent }: { accent: string }) {
  return (
    <span className="flex h-full flex-col items-center gap-1.5 bg-[#FFFEFB] p-2.5">
      <span className={`${bar} h-1.5 w-1/4 bg-slate-500`} />
      <span className={`${bar} mt-1 h-2.5 w-1/2 bg-slate-800`} />
      {[0, 1, 2].map((i) => (
        <span key={i} className="flex w-3/4 items-start gap-1.5 border-t border-slate-200 pt-1.5">
          <span className="flex flex-1 flex-col gap-1">
            <span className={`${bar} h-1.5 w-4/5 bg-slate-700`} />
            <span className={`${bar} h-1 w-full bg-slate-300`} />
            <span className="block h-1 w-1/3 rounded-sm" style={{ backgroundColor: accent }} />
          </span>
          <span className={`${picture} h-5 w-5`} />
        </span>
      ))}
    </span>
  );
}

function Journal({ accent }: { accent: string }) {
  return (
    <span className="flex h-full flex-col bg-[#FBF6EE]">
      <span className="flex flex-col items-center gap-1 border-t-4 py-2" style={{ borderColor: accent, backgroundColor: `${accent}1A` }}>
        <span className="block h-3 w-3 rounded-full bg-slate-400" />
        <span className={`${bar} h-2 w-1/3 bg-slate-800`} />
      </span>
      <span className="grid grid-cols-3 gap-1.5 p-2.5">
        {[0, 1, 2].map((i) => (
          <span key={i} className="flex flex-col overflow-hidden rounded-md border border-[#EADFD2] bg-white">
            <span className="block h-5 bg-slate-200" />
            <span className="flex flex-col gap-1 p-1">
              <span className={`${bar} h-1.5 bg-slate-700`} />
              <span className="block h-1.5 w-3/4 rounded-full" style={{ backgroundColor: accent }} />
            </span>
          </span>
        ))}
      </span>
    </span>
  );
}

const SKETCHES = { magazine: Magazine, longread: Longread, journal: Journal } satisfies Record<BlogThemeId, unknown>;

export function ThemeSketch({ theme, accent }: { theme: BlogThemeId; accent: string }) {
  const Sketch = SKETCHES[theme];
  return (
    <span aria-hidden="true" className="block h-28 overflow-hidden rounded-md border border-slate-200">
      <Sketch accent={accent} />
    </span>
  );
}
