/**
 * Icons of controls drawn with static CSS (`PathIcon`): the search field's magnifier, a native
 * select's arrow and a scrolling table's arrows. The paths are Material Icons' (Apache License
 * 2.0), as `@mui/icons-material` ships them: Search, ArrowDropDown and KeyboardArrowUp, Down,
 * Left and Right.
 */
import type { IconPaths } from './PathIcon.tsx';

export const controlIcons = {
  search: [
    'M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14',
  ],
  dropDown: ['m7 10 5 5 5-5z'],
  up: ['M7.41 15.41 12 10.83l4.59 4.58L18 14l-6-6-6 6z'],
  down: ['M7.41 8.59 12 13.17l4.59-4.58L18 10l-6 6-6-6z'],
  left: ['M15.41 16.59 10.83 12l4.58-4.59L14 6l-6 6 6 6z'],
  right: ['M8.59 16.59 13.17 12 8.59 7.41 10 6l6 6-6 6z'],
} as const satisfies Record<string, IconPaths>;
