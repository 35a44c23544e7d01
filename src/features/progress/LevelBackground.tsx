// The level progress overlay's animated background: one full-screen triangle
// and a small fragment shader (drifting light bands over a faint grid) in raw WebGL, no three.js.
// Cheap by construction: the drawing buffer is at most 480 px wide (CSS scales it up; the
// pattern is soft), at most 30 frames a second, nothing while the tab is hidden, one still
// frame for reduced motion, and on unmount the loop stops and the context is released, so a
// closed overlay costs the game no frame time. Without WebGL (or if the shader fails) it is a
// plain CSS gradient.
import { useEffect, useRef, useState } from 'react';
import classes from './LevelProgress.module.css';

const MAX_BUFFER_WIDTH = 480;
const FRAME_INTERVAL_MS = 1000 / 30;

const VERTEX = `attribute vec2 p; void main() { gl_Position = vec4(p, 0.0, 1.0); }`;
const FRAGMENT = `precision mediump float;
uniform vec2 r; uniform float t;
void main() {
  vec2 uv = gl_FragCoord.xy / r;
  vec2 q = uv * vec2(r.x / r.y, 1.0);
  float band = sin(q.x * 3.0 + t * 0.35) * 0.5 + sin(q.y * 4.0 - t * 0.25 + q.x * 1.7) * 0.5;
  float glow = smoothstep(0.2, 1.0, band * 0.5 + 0.5);
  vec2 g = abs(fract(q * 12.0 + vec2(0.0, t * 0.05)) - 0.5);
  float grid = 1.0 - smoothstep(0.0, 0.04, min(g.x, g.y));
  vec3 base = mix(vec3(0.035, 0.04, 0.07), vec3(0.06, 0.05, 0.12), uv.y);
  vec3 col = base + glow * vec3(0.05, 0.12, 0.22) + grid * 0.035 * vec3(0.4, 0.6, 1.0);
  gl_FragColor = vec4(col, 1.0);
}`;

function compile(gl: WebGLRenderingContext, type: number, source: string): WebGLShader | null {
  const shader = gl.createShader(type);
  if (!shader) return null;
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  return gl.getShaderParameter(shader, gl.COMPILE_STATUS) ? shader : null;
}

/** Starts drawing on `canvas`; returns a stop function, or null when WebGL is unavailable. */
export function startBackground(canvas: HTMLCanvasElement, win: Window = window): (() => void) | null {
  let gl: WebGLRenderingContext | null = null;
  try {
    gl = canvas.getContext('webgl', { alpha: false, antialias: false, depth: false, stencil: false, powerPreference: 'low-power', failIfMajorPerformanceCaveat: false });
  } catch { gl = null; }
  if (!gl) return null;
  const fail = () => { gl?.getExtension('WEBGL_lose_context')?.loseContext(); return null; };
  const vs = compile(gl, gl.VERTEX_SHADER, VERTEX);
  const fs = compile(gl, gl.FRAGMENT_SHADER, FRAGMENT);
  const program = gl.createProgram();
  if (!vs || !fs || !program) return fail();
  gl.attachShader(program, vs);
  gl.attachShader(program, fs);
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) return fail();
  gl.useProgram(program);
  const buffer = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);
  const position = gl.getAttribLocation(program, 'p');
  gl.enableVertexAttribArray(position);
  gl.vertexAttribPointer(position, 2, gl.FLOAT, false, 0, 0);
  const resolution = gl.getUniformLocation(program, 'r');
  const time = gl.getUniformLocation(program, 't');

  const reduced = typeof win.matchMedia === 'function' && win.matchMedia('(prefers-reduced-motion: reduce)').matches;
  let frame = 0;
  let last = -Infinity;
  let frames = 0;
  let stopped = false;
  const started = win.performance.now();

  const draw = (now: number) => {
    if (!gl) return;
    const width = Math.min(MAX_BUFFER_WIDTH, Math.max(1, Math.round(canvas.clientWidth / 2)));
    const height = Math.max(1, Math.round(width * (canvas.clientHeight / Math.max(1, canvas.clientWidth))));
    if (canvas.width !== width || canvas.height !== height) { canvas.width = width; canvas.height = height; }
    gl.viewport(0, 0, width, height);
    gl.uniform2f(resolution, width, height);
    gl.uniform1f(time, (now - started) / 1000);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    frames += 1;
    canvas.dataset.frames = String(frames);
  };
  const loop = (now: number) => {
    if (stopped) return;
    frame = win.requestAnimationFrame(loop);
    if (win.document.hidden || now - last < FRAME_INTERVAL_MS) return;
    last = now;
    draw(now);
  };
  if (reduced) draw(started);
  else frame = win.requestAnimationFrame(loop);

  return () => {
    stopped = true;
    win.cancelAnimationFrame(frame);
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
    gl = null;
  };
}

export function LevelBackground() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [mode, setMode] = useState<'webgl' | 'static'>('webgl');
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const stop = startBackground(canvas);
    if (!stop) { setMode('static'); return; }
    return stop;
  }, []);
  return (
    <div className={classes.background} data-testid="level-background" data-mode={mode}>
      {mode === 'webgl' && <canvas ref={canvasRef} className={classes.backgroundCanvas} />}
    </div>
  );
}
