"""The site's build and the project's task runner, one module a job, run by build.py at
the top of the tree (docs/architecture.md, "The build"): standard library only, like it.
The build's Node scripts, the catalogs' compiler and the icons' drawing live here too,
beside the code that runs them: nothing in this folder is copied into the site."""
