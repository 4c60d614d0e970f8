import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import {
  moduleCategories,
  moduleFileSchema,
  skillsFileSchema,
  type ModuleFile,
  type SkillFile,
} from '@bullpen/contract/zogo';
import { ContentError, parseWith, relative } from '../platform/content-files.ts';

/**
 * The learn-and-earn modules as files (`content/modules/README.md`):
 *
 *   content/modules/skills.yaml                  every skill: slug, name, category
 *   content/modules/<category>/NN-<slug>.yaml    one module
 *
 * Read and parsed with the contract's schemas here, by the start-up sync, the content test and
 * `npm run content:report` alike; the rules across files are in content-check.ts. A content
 * folder without `modules/` has no modules (a curriculum of courses only still starts).
 */
export interface ModuleSource {
  file: string;
  /** The folder the file is in (a module's category must be it). */
  folder: string;
  /** From the file name's `NN-` prefix. */
  order: number;
  /** The slug the file name gives (`NN-<slug>.yaml`). */
  fileSlug: string;
  module: ModuleFile;
}

export interface ModulesSource {
  skills: SkillFile[];
  modules: ModuleSource[];
}

const MODULE_FILE = /^(\d{2})-([a-z0-9-]+)\.yaml$/;
const SKILLS_FILE = 'skills.yaml';
const NOTES = new Set(['README.md', SKILLS_FILE]);

function readYaml(file: string, problems: string[]): unknown {
  try {
    return parseYaml(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    problems.push(`${relative(file)}: not YAML: ${(error as Error).message}`);
    return undefined;
  }
}

/** Skills and modules under `<root>/modules`, in folder then file order; throws ContentError. */
export function readModules(root: string): ModulesSource {
  const directory = path.join(root, 'modules');
  if (!fs.existsSync(directory)) return { skills: [], modules: [] };
  const problems: string[] = [];

  const skillsFile = path.join(directory, SKILLS_FILE);
  let skills: SkillFile[] = [];
  if (!fs.existsSync(skillsFile)) {
    problems.push(`${relative(directory)}: no ${SKILLS_FILE}`);
  } else {
    const data = readYaml(skillsFile, problems);
    if (data !== undefined) skills = parseWith(skillsFileSchema, data, skillsFile, problems) ?? [];
  }

  const modules: ModuleSource[] = [];
  const folders = fs
    .readdirSync(directory, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of folders) {
    const where = path.join(directory, entry.name);
    if (!entry.isDirectory()) {
      if (!NOTES.has(entry.name)) {
        problems.push(`${relative(where)}: a module lives in a category's folder`);
      }
      continue;
    }
    if (!(moduleCategories as readonly string[]).includes(entry.name)) {
      problems.push(
        `${relative(where)}: not a category (folders are ${moduleCategories.join(', ')})`,
      );
      continue;
    }
    for (const name of fs.readdirSync(where).sort()) {
      const file = path.join(where, name);
      const match = MODULE_FILE.exec(name);
      if (!match) {
        problems.push(`${relative(file)}: a module file is named NN-<slug>.yaml`);
        continue;
      }
      const data = readYaml(file, problems);
      if (data === undefined) continue;
      const module = parseWith(moduleFileSchema, data, file, problems);
      if (!module) continue;
      modules.push({
        file: relative(file),
        folder: entry.name,
        order: Number(match[1]),
        fileSlug: match[2]!,
        module,
      });
    }
  }
  if (problems.length > 0) throw new ContentError(problems);
  return { skills, modules };
}
