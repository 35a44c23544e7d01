// The arena in three.js, built from game.data: floor, walls, blocks, pillars, lights, and a
// weapon held in front of the camera. Lambert materials and no shadows keep each frame cheap.
import * as THREE from 'three';
import type { ArenaLayout, GameData, TexturePixels } from './data-file';
import type { Collider } from './player';

export interface Arena {
  scene: THREE.Scene;
  camera: THREE.PerspectiveCamera;
  weapon: THREE.Group;
  colliders: Collider[];
  dispose(): void;
}

function texture(source: TexturePixels, repeatX = 1, repeatY = 1): THREE.DataTexture {
  const tex = new THREE.DataTexture(source.pixels, source.width, source.height, THREE.RGBAFormat);
  tex.colorSpace = THREE.SRGBColorSpace;
  tex.wrapS = tex.wrapT = THREE.RepeatWrapping;
  tex.magFilter = THREE.LinearFilter;
  tex.minFilter = THREE.LinearMipmapLinearFilter;
  tex.generateMipmaps = true;
  tex.repeat.set(repeatX, repeatY);
  tex.needsUpdate = true;
  return tex;
}

/** The aspect ratio at which the FOV setting is the horizontal field of view. */
export const FOV_REFERENCE_ASPECT = 16 / 9;

/**
 * The FOV setting (60-120) means the horizontal view on a 16:9 screen, as in most shooters;
 * the vertical FOV derived from it is kept whatever the window's shape (Unity's behaviour), so
 * wider windows see more to the sides and a portrait phone does not get a fish-eye view.
 */
export function verticalFov(horizontalDegrees: number): number {
  const h = THREE.MathUtils.degToRad(horizontalDegrees);
  return THREE.MathUtils.radToDeg(2 * Math.atan(Math.tan(h / 2) / FOV_REFERENCE_ASPECT));
}

export function buildArena(data: GameData): Arena {
  const { layout, textures } = data;
  const disposables: { dispose(): void }[] = [];
  const track = <T extends { dispose(): void }>(thing: T): T => {
    disposables.push(thing);
    return thing;
  };
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(layout.colors.sky);
  scene.fog = new THREE.Fog(layout.colors.fog, 25, 75);

  scene.add(new THREE.HemisphereLight(layout.colors.sky, '#4a4438', 1.6));
  const sun = new THREE.DirectionalLight('#fff4e0', 2.2);
  sun.position.set(12, 25, 8);
  scene.add(sun);
  for (const l of layout.lights) {
    const light = new THREE.PointLight(l.color, l.intensity, l.distance, 2);
    light.position.set(l.x, l.y, l.z);
    scene.add(light);
  }

  const floorMaterial = track(new THREE.MeshLambertMaterial({ map: track(texture(textures.floor, layout.width / 4, layout.depth / 4)) }));
  const floor = new THREE.Mesh(track(new THREE.PlaneGeometry(layout.width, layout.depth)), floorMaterial);
  floor.rotation.x = -Math.PI / 2;
  scene.add(floor);

  addWalls(scene, layout, textures.wall, track);
  const colliders = addBlocks(scene, layout, data, track);

  const camera = new THREE.PerspectiveCamera(75, 1, 0.05, 200);
  camera.rotation.order = 'YXZ';
  scene.add(camera);
  const weapon = buildWeapon(track);
  camera.add(weapon);

  return {
    scene,
    camera,
    weapon,
    colliders,
    dispose: () => disposables.forEach((d) => d.dispose()),
  };
}

type Track = <T extends { dispose(): void }>(thing: T) => T;

function addWalls(scene: THREE.Scene, layout: ArenaLayout, wallPixels: TexturePixels, track: Track): void {
  const thickness = 0.6;
  const trimMaterial = track(new THREE.MeshLambertMaterial({ color: layout.colors.trim }));
  const sides = [
    { x: 0, z: -layout.depth / 2 - thickness / 2, length: layout.width + thickness * 2, alongX: true },
    { x: 0, z: layout.depth / 2 + thickness / 2, length: layout.width + thickness * 2, alongX: true },
    { x: -layout.width / 2 - thickness / 2, z: 0, length: layout.depth, alongX: false },
    { x: layout.width / 2 + thickness / 2, z: 0, length: layout.depth, alongX: false },
  ];
  for (const side of sides) {
    const material = track(new THREE.MeshLambertMaterial({ map: track(texture(wallPixels, side.length / 3, layout.wallHeight / 3)) }));
    const width = side.alongX ? side.length : thickness;
    const depth = side.alongX ? thickness : side.length;
    const wall = new THREE.Mesh(track(new THREE.BoxGeometry(width, layout.wallHeight, depth)), material);
    wall.position.set(side.x, layout.wallHeight / 2, side.z);
    const trim = new THREE.Mesh(track(new THREE.BoxGeometry(width + 0.1, 0.25, depth + 0.1)), trimMaterial);
    trim.position.set(side.x, layout.wallHeight + 0.125, side.z);
    scene.add(wall, trim);
  }
}

function addBlocks(scene: THREE.Scene, layout: ArenaLayout, data: GameData, track: Track): Collider[] {
  const colliders: Collider[] = [];
  for (const b of layout.blocks) {
    const map = b.texture ? track(texture(data.textures[b.texture], b.texture === 'wall' ? Math.max(b.width, b.depth) / 3 : 1, b.texture === 'wall' ? b.height / 3 : 1)) : null;
    const material = track(new THREE.MeshLambertMaterial({ color: b.color, map }));
    const mesh = new THREE.Mesh(track(new THREE.BoxGeometry(b.width, b.height, b.depth)), material);
    mesh.position.set(b.x, b.height / 2, b.z);
    scene.add(mesh);
    colliders.push({ minX: b.x - b.width / 2, maxX: b.x + b.width / 2, minZ: b.z - b.depth / 2, maxZ: b.z + b.depth / 2, top: b.height });
  }
  for (const p of layout.pillars) {
    const material = track(new THREE.MeshLambertMaterial({ color: p.color }));
    const mesh = new THREE.Mesh(track(new THREE.CylinderGeometry(p.radius, p.radius * 1.15, p.height, 20)), material);
    mesh.position.set(p.x, p.height / 2, p.z);
    scene.add(mesh);
    colliders.push({ minX: p.x - p.radius, maxX: p.x + p.radius, minZ: p.z - p.radius, maxZ: p.z + p.radius, top: p.height });
  }
  return colliders;
}

/** A blocky gun in the lower right of the view; its colour and size change with the slot. */
function buildWeapon(track: Track): THREE.Group {
  const group = new THREE.Group();
  const body = new THREE.Mesh(track(new THREE.BoxGeometry(0.06, 0.07, 0.42)), track(new THREE.MeshLambertMaterial({ color: '#4b5563' })));
  const barrel = new THREE.Mesh(track(new THREE.CylinderGeometry(0.012, 0.012, 0.24, 10)), track(new THREE.MeshLambertMaterial({ color: '#1f2329' })));
  barrel.rotation.x = Math.PI / 2;
  barrel.position.set(0, 0.015, -0.32);
  const grip = new THREE.Mesh(track(new THREE.BoxGeometry(0.045, 0.1, 0.05)), track(new THREE.MeshLambertMaterial({ color: '#6b5235' })));
  grip.position.set(0, -0.075, 0.09);
  group.add(body, barrel, grip);
  return group;
}
