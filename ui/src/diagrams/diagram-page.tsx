import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { messageOf } from '../api/client.js';
import { queries } from '../api/queries.js';
import { Combobox } from '../base/combobox.js';
import { Field, FilterActions, FormError } from '../base/field.js';
import { diagramHelp, helpText, valueLabel } from '../base/glossary.js';
import { PageHeader } from '../base/layout.js';
import { enumValues, labelOf, type JsonSchema } from '../inventory/schema.js';
import './diagrams.css';
import { ViewLinks } from './view-links.js';
import { narrowingOf, showingOf, useDiagramDrawing, useDiagramView } from './views.js';
import { familySource } from '../lists/options.js';

/** Parameters that name a resource, and the family whose rows they choose from. */
const CHOICES: Record<string, string> = { applicationId: 'applications', categoryId: 'categories' };

function ParameterControl({
  name,
  schema,
  value,
  onChange,
}: {
  name: string;
  schema: JsonSchema;
  value: string;
  onChange(value: string): void;
}) {
  const family = CHOICES[name];
  const options = enumValues(schema);
  return (
    <Field label={labelOf(name)} hint={helpText(schema.description, name)}>
      {family ? (
        <Combobox source={familySource(family)} value={value} placeholder="Default" onChange={onChange} />
      ) : options ? (
        <select value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">Default</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {valueLabel(option)}
            </option>
          ))}
        </select>
      ) : (
        <input
          type="number"
          value={value}
          min={schema.minimum}
          max={schema.maximum}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

type ViewBox = [number, number, number, number];

/** The viewBox the server drew the picture with. */
function homeOf(svg: string): ViewBox {
  const match = /viewBox="([\d.\s-]+)"/.exec(svg);
  return (match?.[1]?.split(/\s+/).map(Number) ?? [0, 0, 800, 600]) as ViewBox;
}

/** Counts of the answer's lists (nodes, edges, points…): the figures the page states beside the picture. */
function figuresOf(answer: Record<string, unknown>): [string, number][] {
  return Object.entries(answer).flatMap(([key, value]) =>
    Array.isArray(value) ? [[key, value.length] as [string, number]] : [],
  );
}

/**
 * /ui/diagrams/<name>: the server-rendered SVG (the same picture as GET /public/v1/diagrams/<name>
 * with Accept: image/svg+xml), with zoom and pan, nodes linking to their pages, the parameters as
 * controls kept in the URL, and Download SVG.
 */
export function DiagramPage({ name }: { name: string }) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = Object.fromEntries(new URLSearchParams(search));
  const info = useQuery({
    ...queries.diagramCatalog(),
    select: (all) => all.find((one) => one.name === name),
  });
  // The public diagram, or the console's view of a large workspace (views.ts).
  const diagramView = useDiagramView(name, params);
  const { drawing, answer, error: answerError } = useDiagramDrawing(name, diagramView);
  const svg = drawing.data;
  const error = messageOf(info.error ?? drawing.error ?? answerError);
  const showing = answer ? showingOf(name, answer) : undefined;
  const narrowing = narrowingOf(name, diagramView);
  const [narrowText, setNarrowText] = useState(params.q ?? '');
  const [draft, setDraft] = useState<Record<string, string>>(params);
  // A new URL (a link, Back) shows its own parameters in the form.
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    setDraft(params);
    setNarrowText(params.q ?? '');
  }
  // The view of the picture shown: the SVG's own viewBox until the person zooms or pans.
  const [camera, setCamera] = useState<{ svg: string; view: ViewBox }>();
  const home = useMemo(() => (svg === undefined ? undefined : homeOf(svg)), [svg]);
  const view = camera && camera.svg === svg ? camera.view : home;
  const setView = (next: ViewBox | undefined) => setCamera(svg && next ? { svg, view: next } : undefined);
  const box = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; view: ViewBox } | undefined>(undefined);

  // The picture's viewBox is the camera: zoom scales it around the centre, pan moves it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: new markup (svg) is a new <svg> element to set up.
  useEffect(() => {
    const picture = box.current?.querySelector('svg');
    if (picture && view) {
      picture.setAttribute('viewBox', view.join(' '));
      picture.removeAttribute('width');
      picture.removeAttribute('height');
      // Inline, the picture is a group of links (role="img" would hide them); the box names it.
      picture.removeAttribute('role');
    }
  }, [svg, view]);

  const zoom = (factor: number) => {
    if (!view) return;
    const [x, y, width, height] = view;
    const [w, h] = [width * factor, height * factor];
    setView([x + (width - w) / 2, y + (height - h) / 2, w, h]);
  };
  const pan = (dx: number, dy: number) => {
    if (view) setView([view[0] + dx * view[2], view[1] + dy * view[3], view[2], view[3]]);
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!view || (event.target as Element).closest('a')) return;
    drag.current = { x: event.clientX, y: event.clientY, view };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || !box.current) return;
    const scale = start.view[2] / box.current.clientWidth;
    setView([
      start.view[0] - (event.clientX - start.x) * scale,
      start.view[1] - (event.clientY - start.y) * scale,
      start.view[2],
      start.view[3],
    ]);
  };

  const download = () => {
    if (!svg) return;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    link.download = `${name}.svg`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const text = new URLSearchParams(Object.entries(draft).filter(([, value]) => value)).toString();
    navigate(text ? `/diagrams/${name}?${text}` : `/diagrams/${name}`);
  };

  const narrow = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(search);
    if (narrowText.trim()) next.set('q', narrowText.trim());
    else next.delete('q');
    navigate(`/diagrams/${name}?${next.toString()}`);
  };

  const parameters = Object.entries(info.data?.query.properties ?? {});
  return (
    <>
      <PageHeader title={info.data?.title ?? name}>
        <button type="button" onClick={download} disabled={!svg}>
          Download SVG
        </button>
      </PageHeader>
      {info.data && <p className="lead">{diagramHelp(name, info.data.description)}</p>}
      {parameters.length > 0 && (
        <form className="filters" onSubmit={apply}>
          {parameters.map(([parameter, schema]) => (
            <ParameterControl
              key={parameter}
              name={parameter}
              schema={schema}
              value={draft[parameter] ?? ''}
              onChange={(value) => setDraft({ ...draft, [parameter]: value })}
            />
          ))}
          <FilterActions />
        </form>
      )}
      <FormError error={error} />
      {answer && (
        <p className="figures-line" role="status">
          {figuresOf(answer).map(([key, count]) => (
            <span key={key} data-figure={key}>
              {labelOf(key)}: {count}
            </span>
          ))}
        </p>
      )}
      {showing && <p className="showing">{showing}</p>}
      {narrowing && (
        <form className="filters narrow" onSubmit={narrow} aria-label="Narrow the diagram">
          <Field label={narrowing.label}>
            <input type="search" value={narrowText} onChange={(event) => setNarrowText(event.target.value)} />
          </Field>
          <div className="actions">
            <button type="submit">Show</button>
          </div>
        </form>
      )}
      <ViewLinks name={name} params={params} answer={answer} />
      <fieldset className="actions view-controls">
        <legend className="visually-hidden">View</legend>
        <button type="button" onClick={() => zoom(0.8)}>
          Zoom in
        </button>
        <button type="button" onClick={() => zoom(1.25)}>
          Zoom out
        </button>
        <button type="button" onClick={() => setView(home)}>
          Reset view
        </button>
      </fieldset>
      {svg && (
        // biome-ignore lint/a11y/useSemanticElements: a group of the picture's links, not of form fields.
        <div
          ref={box}
          className="diagram"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: focused to pan with the arrow keys, as a scrolled box is.
          tabIndex={0}
          role="group"
          aria-label={`${info.data?.title ?? name}: drag or use the arrow keys to pan, + and - to zoom`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => (drag.current = undefined)}
          onWheel={(event) => zoom(event.deltaY < 0 ? 0.9 : 1.1)}
          onKeyDown={(event) => {
            const moves: Record<string, [number, number]> = {
              ArrowLeft: [-0.1, 0],
              ArrowRight: [0.1, 0],
              ArrowUp: [0, -0.1],
              ArrowDown: [0, 0.1],
            };
            const move = moves[event.key];
            if (move) pan(...move);
            else if (event.key === '+' || event.key === '=') zoom(0.8);
            else if (event.key === '-') zoom(1.25);
            else return;
            event.preventDefault();
          }}
          onClick={(event) => {
            const link = (event.target as Element).closest('a');
            const href = link?.getAttribute('href') ?? link?.getAttribute('xlink:href');
            // On the flow map, an application opens its neighbourhood; its page is linked above the picture.
            const application = name === 'flow-mapping' ? /^\/ui\/applications\/([^/?#]+)$/.exec(href ?? '') : null;
            if (application) {
              event.preventDefault();
              navigate(`/diagrams/flow-mapping?applicationId=${application[1]}`);
            } else if (href?.startsWith('/ui/')) {
              event.preventDefault();
              navigate(href.slice(3));
            }
          }}
          // The SVG is written by the server's escaping SVG writer: no script, no outside reference.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by the server (src/diagrams/svg.ts).
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      )}
    </>
  );
}
