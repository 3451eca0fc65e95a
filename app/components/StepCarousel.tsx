import { useRef, useState } from "react";

export interface Slide {
  title: string;
  body: React.ReactNode;
}

/**
 * A tabbed carousel: clicking a step (or arrow keys, Home, End) switches the
 * slide. Without JavaScript the tab strip is hidden by CSS and every slide
 * reads in order.
 */
export function StepCarousel({ label, slides }: { label: string; slides: Slide[] }) {
  const [active, setActive] = useState(0);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  function select(index: number) {
    const next = (index + slides.length) % slides.length;
    setActive(next);
    tabs.current[next]?.focus();
  }

  function onKeyDown(event: React.KeyboardEvent) {
    const moves: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowLeft: active - 1,
      Home: 0,
      End: slides.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  }

  return (
    <div className="carousel">
      <div role="tablist" aria-label={label} className="carousel-tabs js-only" onKeyDown={onKeyDown}>
        {slides.map((slide, i) => (
          <button
            key={slide.title}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`step-tab-${i}`}
            aria-selected={i === active}
            aria-controls={`step-panel-${i}`}
            tabIndex={i === active ? 0 : -1}
            className="carousel-tab"
            onClick={() => setActive(i)}
          >
            <span className="step-number" aria-hidden="true">
              {i + 1}
            </span>
            <span className="visually-hidden">Step {i + 1}: </span>
            {slide.title}
          </button>
        ))}
      </div>
      {slides.map((slide, i) => (
        <section
          key={slide.title}
          role="tabpanel"
          id={`step-panel-${i}`}
          aria-labelledby={`step-tab-${i}`}
          className={i === active ? "carousel-panel is-active" : "carousel-panel"}
        >
          <h3>
            <span className="step-label">Step {i + 1}</span> {slide.title}
          </h3>
          {slide.body}
        </section>
      ))}
    </div>
  );
}
