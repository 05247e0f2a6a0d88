import { StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { App } from "@/app/App";
import { ErrorScreen } from "@/components/layout/ErrorScreen";
import "./styles.css";

const container = document.getElementById("root");

/** Last resort when React itself cannot mount: plain DOM, no framework needed. */
function renderPlainFailure(target: HTMLElement) {
  target.innerHTML = "";
  const main = document.createElement("main");
  main.setAttribute(
    "style",
    "min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px;font-family:system-ui,sans-serif;text-align:center;padding:24px",
  );
  const h1 = document.createElement("h1");
  h1.textContent = "Something went wrong";
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = "Refresh Page";
  button.setAttribute("style", "font:inherit;padding:10px 16px;border-radius:8px;border:0;background:#4338ca;color:#fff;cursor:pointer");
  button.addEventListener("click", () => window.location.reload());
  main.append(h1, button);
  target.append(main);
}

function mount(target: HTMLElement) {
  let root: Root | undefined;
  try {
    root = createRoot(target, {
      // Errors outside any error boundary (and during the first render) end up here.
      onUncaughtError(error) {
        console.error("Application failed:", error);
        try {
          root?.render(<ErrorScreen />);
        } catch {
          renderPlainFailure(target);
        }
      },
    });
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch (error) {
    console.error("Application failed to mount:", error);
    try {
      root?.unmount();
    } catch {
      /* ignore */
    }
    renderPlainFailure(target);
  }
}

if (container) mount(container);
else renderPlainFailure(document.body);
