// Área de lazer: pool with blue tiles and a stone edge, deck chairs, palms, and the house beyond.
#declare Interior = no;
#include "common.inc"
#include "exterior.inc"

#declare Cam = <-4.2, 1.7, -5>;
camera { perspective location Cam look_at <0.5, 1.0, 3> angle 66 right x * 4/3 }
Sky(1.2)
Sun(<-0.7, 1.1, -0.35>, 1.5)
light_source { Cam + <0, 3, -2> color rgb <0.85, 0.9, 1> * 0.12 shadowless }

#declare PW = 4; #declare PL = 9;
// deck of light stone (pedra São Tomé) around the pool
difference {
  box { <-8, -0.3, -8>, <10, 0, 14> }
  box { <-PW/2, -1.4, -PL/2 + 2>, <PW/2, 0.1, PL/2 + 2> }
  texture { pigment { rgb <0.6, 0.55, 0.46> } normal { granite 0.25 scale 0.08 } finish { diffuse 0.7 ambient 0 } }
  texture { pigment { brick rgbt <0.6, 0.55, 0.45, 0.2>, rgbt 1 brick_size <0.6, 0.3, 0.4> mortar 0.006 rotate x * 90 } finish { diffuse 0.8 ambient 0 } }
}
// pool shell with blue pastilha tiles, then the water
box { <-PW/2, -1.4, -PL/2 + 2>, <PW/2, -1.39, PL/2 + 2> texture { pigment { rgb <0.15, 0.55, 0.7> } } }
difference {
  box { <-PW/2 - 0.01, -1.4, -PL/2 + 1.99>, <PW/2 + 0.01, 0, PL/2 + 2.01> }
  box { <-PW/2, -1.39, -PL/2 + 2>, <PW/2, 0.1, PL/2 + 2> }
  texture { pigment { brick rgb <0.6, 0.75, 0.78>, rgb <0.12, 0.5, 0.68> brick_size <0.05, 0.05, 0.05> mortar 0.004 } finish { diffuse 0.8 ambient 0 specular 0.5 roughness 0.01 } }
}
box { <-PW/2 + 0.001, -1.39, -PL/2 + 2.001>, <PW/2 - 0.001, -0.08, PL/2 + 1.999>
  material {
    texture { pigment { rgbf <0.75, 0.93, 0.95, 0.92> } normal { bumps 0.25 scale <0.9, 0.3, 0.5> } finish { ambient 0 diffuse 0 reflection { 0.02 0.9 fresnel } specular 0.9 roughness 0.001 conserve_energy } }
    interior { ior 1.33 fade_distance 3 fade_power 1 fade_color <0.3, 0.85, 0.9> caustics 0.4 }
  }
}
// stone coping
difference { box { <-PW/2 - 0.3, 0, -PL/2 + 1.7>, <PW/2 + 0.3, 0.04, PL/2 + 2.3> } box { <-PW/2, -1, -PL/2 + 2>, <PW/2, 1, PL/2 + 2> } texture { pigment { rgb <0.78, 0.76, 0.72> } normal { granite 0.1 scale 0.05 } finish { diffuse 0.7 ambient 0 } } }
// loungers on the right side
#macro Lounger()
  union {
    object { RBox(<-0.35, 0.28, -0.95>, <0.35, 0.36, 0.95>, 0.03) T_Fabric(<0.95, 0.94, 0.9>) }
    object { RBox(<-0.35, 0.3, 0.6>, <0.35, 0.38, 1.35>, 0.03) T_Fabric(<0.95, 0.94, 0.9>) rotate x * -45 translate <0, 0.8, -0.55> }
    box { <-0.38, 0.12, -1.0>, <0.38, 0.28, 1.0> T_Wood(<0.45, 0.3, 0.18>, <0.35, 0.23, 0.14>) }
  }
#end
object { Lounger() translate <PW/2 + 1.5, 0, 0.5> }
object { Lounger() translate <PW/2 + 2.6, 0, 0.5> }
// umbrella
union { cylinder { 0, <0, 2.3, 0>, 0.025 texture { T_Steel } } cone { <0, 2.0, 0>, 1.4, <0, 2.45, 0>, 0.05 open double_illuminate T_Fabric(<0.93, 0.9, 0.84>) } translate <PW/2 + 2.05, 0, -0.9> }
// the house behind: white walls, big glass doors, flat roof with a slab
union {
  box { <-8, 0, 9>, <9, 3.2, 16> T_Paint(<0.95, 0.94, 0.91>) }
  box { <-8.3, 3.2, 8.2>, <9.3, 3.5, 16> T_Paint(<0.97, 0.97, 0.96>) }
  box { <-5, 0.02, 8.98>, <3, 2.7, 9.0> texture { pigment { rgb <0.08, 0.1, 0.12> } finish { diffuse 0.2 ambient 0 reflection { 0.15 0.7 fresnel } specular 0.8 roughness 0.002 } } }
  #for (K, 0, 4) box { <-5 + K * 2, 0.02, 8.95>, <-4.94 + K * 2, 2.7, 8.99> texture { T_Black } } #end
  box { <4, 0, 8.9>, <8, 3.2, 9.0> T_Wood(<0.55, 0.38, 0.24>, <0.42, 0.28, 0.17>) }
}
object { Palm(6.5, 8) translate <-4.5, 0, 6.5> }
object { Palm(7.5, -6) translate <6.5, 0, 7.0> }
object { Shrub(0.8, <0.15, 0.35, 0.1>) translate <-6, 0, 8.5> }
object { Shrub(0.7, <0.2, 0.4, 0.12>) translate <-2.5, 0, 8.6> }
object { Shrub(0.9, <0.12, 0.32, 0.1>) translate <8.0, 0, 2> }
object { Tree(6, 2.5, <0.12, 0.3, 0.08>) translate <-7, 0, 14> }
